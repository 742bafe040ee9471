// The mail module's public face (decision 0024): the outbox, its sender and transports, templates, the dev mailbox.
export { MailOutbox, type OutgoingMail } from './outbox.ts';
export { MailSender } from './sender.ts';
export { LocalMailbox, createTransport, type MailTransport } from './transports.ts';
export { escapeHtml, layout, linkMail } from './templates.ts';
export { devMailboxRoutes } from './routes.ts';
export { unsubscribeHeaders } from './unsubscribe.ts';
export { mailModule, mailFace, unsubscribeLinks, type Mail } from './module.ts';
