import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../server/platform/db/client.ts';
import { startStandaloneSimulator, type StandaloneSimulator, type StandaloneSimulatorOptions } from '../standalone.ts';
import { openTestDatabase, startWebhookReceiver, type WebhookReceiver } from './fixtures.ts';

/**
 * What the simulator's test files share: a database of the file's own (see openTestDatabase), a webhook receiver,
 * and a standalone simulator on that database sending its webhooks to the receiver. Opened before the file's
 * tests, closed after them; `restartSimulator` starts a new one on the same database.
 */
export function simulatorRig(
  createScratchDatabase: Parameters<typeof openTestDatabase>[0],
  prefix: string,
  options: Omit<StandaloneSimulatorOptions, 'db' | 'webhookUrl'>,
) {
  let database: Database;
  let drop: () => Promise<void>;
  let receiver: WebhookReceiver;
  let simulator: StandaloneSimulator;
  const start = () => startStandaloneSimulator({ db: database.db, webhookUrl: receiver.url, ...options });
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(createScratchDatabase, prefix));
    receiver = await startWebhookReceiver();
    simulator = await start();
  });
  afterAll(async () => {
    await simulator?.close();
    await receiver?.close();
    await drop?.();
  });
  return {
    database: () => database,
    receiver: () => receiver,
    simulator: () => simulator,
    async restartSimulator() {
      await simulator.close();
      simulator = await start();
    },
  };
}
