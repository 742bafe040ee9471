// The contact module's public face: the contact form and the back office's inbox.
export { contactModule, type Contact } from './module.ts';
export type { ContactInbox } from './inbox.ts';
