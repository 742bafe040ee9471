// The mail module's public face (decision 0024): the outbox, its sender and transports, the dev mailbox. What other
// modules see of it is the platform's mail face (server/platform/mail/face.ts, decision 0061).
export { mailModule, type Mail } from './module.ts';
export type { LocalMailbox, MailTransport } from './transports.ts';
