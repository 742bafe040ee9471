import { z } from 'zod';
import { metricsGauges } from '../platform/metrics/face.ts';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { scheduledRounds, workClaimers } from '../platform/work/jobs.ts';
import { mailFace, unsubscribeLinks } from '../platform/mail/face.ts';
import { secret } from '../platform/kernel/setting-types.ts';
import { databaseFace, logFace, shopFace } from '../platform/faces.ts';
import { servesLocalConveniences } from '../platform/settings.ts';
import { onlyFromThisMachine } from '../platform/http/client-ip.ts';
import { MailOutbox } from './outbox.ts';
import { MailSender } from './sender.ts';
import { LocalMailbox, createTransport, type MailTransport } from './transports.ts';
import { devMailboxRoutes } from './routes.ts';

export interface Mail {
  outbox: MailOutbox;
  mailSender: MailSender;
  mailTransport: MailTransport;
  /** The local mailbox shown at /dev/mailbox: on a local shop without SMTP_URL only (decision 0022). */
  devMailbox: LocalMailbox | null;
}

export const mailModule = defineModule({
  name: 'mail',
  settings: z.object({
    /** smtp(s)://user:pass@host:port. Unset: mail is kept in a local mailbox shown at /dev/mailbox (not in production). */
    SMTP_URL: secret(
      z
        .string()
        .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
      'url',
    ),
    /** The From address of the shop's mail; defaults to the shop's name and e-mail. */
    MAIL_FROM: z.string().min(3).optional(),
  }),
  checkSettings: (present) =>
    present.NODE_ENV === 'production' && !present.SMTP_URL
      ? [
          '  SMTP_URL is required when NODE_ENV=production (mail must reach shoppers; the local mailbox is for development)',
        ]
      : [],
  needs: { database: databaseFace, shop: shopFace, log: logFace },
  provides: mailFace,
  create: ({ settings, needs, gather }): Mail => {
    const from = settings.MAIL_FROM ?? `"${needs.shop.name.replace(/"/g, '')}" <${needs.shop.email}>`;
    const db = needs.database.db;
    const mailTransport = createTransport({ smtpUrl: settings.SMTP_URL, from, db });
    const mailSender = new MailSender(db, mailTransport, {
      log: (message, error) => needs.log.warn(message, error),
      unsubscribeLinks: gather(unsubscribeLinks),
    });
    const devMailbox =
      mailTransport instanceof LocalMailbox && servesLocalConveniences(needs.shop.runtime) ? mailTransport : null;
    return { outbox: new MailOutbox(db), mailSender, mailTransport, devMailbox };
  },
  contributes: [
    contribute(
      scheduledRounds,
      ({ mailSender }: Mail) =>
        async () =>
          void (await mailSender.drain()),
    ),
    contribute(workClaimers, ({ mailSender }: Mail) => mailSender),
    contribute(metricsGauges, ({ outbox }: Mail) => ({
      name: 'shop_mail_outbox_pending',
      help: 'Mails waiting in the outbox to be sent',
      labelNames: [],
      read: async () => [{ labels: {}, value: await outbox.pendingCount() }],
    })),
  ],
  routes: async (app, { devMailbox: mailbox }) => {
    if (!mailbox) return;
    // This machine only, and never behind a proxy, where every request comes from this machine (decision 0022).
    await app.register(async (local) => {
      local.addHook('onRequest', onlyFromThisMachine);
      await local.register(devMailboxRoutes, { mailbox });
    });
  },
});
