import { startMailCatcher } from './mail-catcher.ts';

export default async function globalSetup() {
  const stop = await startMailCatcher();
  return stop;
}
