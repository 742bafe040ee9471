// What every module sees of the mail module (decision 0061): an outbox that sends what a transaction committed.
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply should go when not to the From address, e.g. the sender of a contact message. */
  replyTo?: string | null;
  /** Headers a transport adds, made by the sender as it sends (the outbox does not keep them): List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailOutbox {
  /** Queues `mail`; pass a transaction as db to queue it atomically with the other writes in it. */
  enqueue(mail: OutgoingMail, db?: Db): Promise<string>;
}

export interface MailFace {
  outbox: MailOutbox;
}

export const mailFace = face<MailFace>('mail');
/** Where a module's stop links start: mails holding one are sent with List-Unsubscribe for it (decision 0049). */
export const unsubscribeLinks = extensionPoint<string>('mail.unsubscribeLinks');
