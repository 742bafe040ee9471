import type { Database, Db } from '../platform/db/client.ts';
import { runWorkflow, type Workflow } from '../platform/db/workflow.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { clientKey } from '../platform/http/client-ip.ts';
import { RateLimitedError, type RateLimiter } from '../platform/http/rate-limit.ts';
import type { ContactInput, ContactRequest } from '../../core/contracts/contact.ts';
import { contactMessages } from './schema.ts';
import { acknowledgementForSender, messageForShop } from './mails.ts';
import { ContactInbox } from './inbox.ts';

const HOUR_SECONDS = 60 * 60;

export const tooManyMessages = (retryAfterSeconds: number, shopEmail: string) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return (
    `You have sent many messages in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
    `or write to us at ${shopEmail}.`
  );
};

export interface ContactServiceOptions {
  database: Database;
  outbox: MailOutbox;
  /** Where the back office's inbox records its changes. */
  audit: AuditTrail;
  /** Messages one client address may send per hour, counted by `limiter` (shared by every process with Redis). */
  messagesPerHour: number;
  limiter: RateLimiter;
  shopName: string;
  /** Where messages are mailed. */
  shopEmail: string;
}

/** One message on its way through the workflow: the store step fills in its ticket number. */
export class ReceivingMessage {
  ticket!: number;

  constructor(readonly message: ContactInput) {}
}

/**
 * The contact form's messages (decision 0027): each is stored under a ticket number from a sequence, mailed to the
 * shop and acknowledged to its sender, in one transaction, so there is never a ticket without its mails or a mail
 * without its ticket:
 *
 *   storeMessage → mailShop → acknowledgeSender
 */
export class ContactService {
  private readonly workflow: Workflow<ReceivingMessage>;
  /** The back office's inbox: reading, marking and replying to messages (decision 0035). */
  readonly inbox: ContactInbox;

  constructor(private readonly options: ContactServiceOptions) {
    const shop = { shopName: options.shopName, shopEmail: options.shopEmail };
    this.inbox = new ContactInbox(options);
    this.workflow = {
      name: 'receiveContactMessage',
      steps: [
        { name: 'storeMessage', run: async (tx, receiving) => (receiving.ticket = await storeMessage(tx, receiving)) },
        {
          name: 'mailShop',
          run: (tx, { message, ticket }) => options.outbox.enqueue(messageForShop(message, ticket, shop), tx),
        },
        {
          name: 'acknowledgeSender',
          run: (tx, { message, ticket }) =>
            options.outbox.enqueue(acknowledgementForSender(message.email, ticket, shop), tx),
        },
      ],
    };
  }

  /**
   * Counts the message against its sender's hourly allowance (over it: 429), then receives it. A filled honeypot
   * is a bot's: counted like any message, then dropped, so its answers are a person's answers.
   */
  async receive({ website, ...message }: ContactRequest, clientIp: string): Promise<void> {
    await this.countMessage(clientIp);
    if (website) return;
    await runWorkflow(this.options.database, this.workflow, new ReceivingMessage(message));
  }

  /** Messages no admin has read yet, for the back office's dashboard. */
  unreadCount(): Promise<number> {
    return this.inbox.unreadCount();
  }

  private async countMessage(clientIp: string): Promise<void> {
    const rule = {
      key: `contact:${clientKey(clientIp)}`,
      limit: this.options.messagesPerHour,
      windowSeconds: HOUR_SECONDS,
    };
    try {
      await this.options.limiter.check([rule]);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new HttpError(429, tooManyMessages(error.retryAfterSeconds, this.options.shopEmail), error.headers);
    }
  }
}

/** The message's row; the database numbers its ticket. */
async function storeMessage(tx: Db, { message }: ReceivingMessage): Promise<number> {
  const [row] = await tx
    .insert(contactMessages)
    .values(message)
    .returning({ ticketNumber: contactMessages.ticketNumber });
  return row!.ticketNumber;
}
