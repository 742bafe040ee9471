import { contribute, defineModule, type ExtensionPoint } from '../platform/kernel/index.ts';
import { FailureThrottle, RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, logFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace } from '../platform/auth/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace } from '../platform/mail/face.ts';
import { orderPaymentHistory, ordersFace, placeOrderPrepaid } from '../platform/orders/face.ts';
import { paymentExpiry, paymentTransitions, paymentsFace } from '../platform/payments/face.ts';
import { paymentSettings, checkPaymentSettings, paymentSettingDefaults } from './settings.ts';
import { paymentSetup, type PaymentSetup } from './setup.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { PaymentService } from './service.ts';
import { Reconciler } from './reconciliation.ts';
import { PaymentBook } from './book.ts';
import { PaymentMailer } from './mailer.ts';
import { WebhookInbox } from './webhook.ts';
import { paymentRoutes, type PaymentLimits } from './routes.ts';
import { paymentAdminRoutes } from './admin-routes.ts';

/** Failed webhook logins one address may make per 15 minutes before it is refused (decision 0023). */
const WEBHOOK_FAILURES = { prefix: 'webhook-failed:ip', failures: 20, windowSeconds: 15 * 60 };

export interface Payments {
  payments: PaymentService;
  /** Its ledger and its mails, as the applyPayment and expireOrder flows use them (`paymentsFace`). */
  paymentLedger: PaymentBook;
  paymentMails: PaymentMailer;
  reconciler: Reconciler;
  webhookInbox: WebhookInbox;
  paymentSetup: PaymentSetup;
  paymentLimits: PaymentLimits;
  /** PAYMENT_EXPIRY_SECONDS: how long an unpaid prepaid order holds its stock. */
  paymentExpirySeconds: number;
}

/** The gateway when prepaid is off: nothing new is paid, and what is left over is reported, not lost. */
const prepaidOff: PaymentGateway = {
  createPayment: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  paymentStatus: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  refund: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
  refundStatus: () => Promise.reject(new GatewayError('unavailable', 'Prepaid payments are off')),
};

/** The one contribution at `point`, read at call time; none is an error naming the point. */
function onlyOne<T>(contributed: readonly T[], point: ExtensionPoint<T>): () => T {
  return () => {
    const [first] = contributed;
    if (!first) throw new Error(`No flow contributes ${point.extensionPoint}`);
    return first;
  };
}

export const paymentsModule = defineModule({
  name: 'payments',
  settings: paymentSettings,
  checkSettings: checkPaymentSettings,
  settingDefaults: paymentSettingDefaults,
  needs: {
    database: databaseFace,
    shop: shopFace,
    log: logFace,
    rateLimits: rateLimitsFace,
    audit: auditFace,
    auth: authFace,
    jobs: jobsFace,
    mail: mailFace,
    orders: ordersFace,
  },
  provides: paymentsFace,
  create: async ({ settings, needs, gather }): Promise<Payments> => {
    const { database, shop } = needs;
    const setup = await paymentSetup(
      { ...settings, ...shop.runtime },
      (name) => needs.auth.sharedSecret(name, undefined),
      (message) => needs.log.warn(message),
    );
    const gateway = setup.gateway ?? prepaidOff;
    const orders = needs.orders.orderPayments;
    const jobs = needs.jobs.jobs;
    const paymentMails = new PaymentMailer({
      auth: needs.auth.auth,
      outbox: needs.mail.outbox,
      shopName: shop.name,
      origin: shop.origin,
    });
    // The flows that apply a payment and expire an order contribute these; they are read when used, once every
    // part is created.
    const transitions = onlyOne(gather(paymentTransitions), paymentTransitions);
    const expiry = onlyOne(gather(paymentExpiry), paymentExpiry);
    const reconciler = new Reconciler({ database, gateway, orders, transitions, expiry });
    const payments = new PaymentService({
      database,
      gateway,
      orders,
      jobs,
      transitions,
      reconciler,
      origin: shop.origin,
      shopName: shop.name,
      expirySeconds: settings.PAYMENT_EXPIRY_SECONDS,
    });
    return {
      payments,
      paymentLedger: new PaymentBook(jobs, paymentMails),
      paymentMails,
      reconciler,
      webhookInbox: new WebhookInbox(jobs, reconciler),
      paymentSetup: setup,
      paymentLimits: {
        calls: new RateLimiter(needs.rateLimits),
        webhookFailures: new FailureThrottle(needs.rateLimits, WEBHOOK_FAILURES),
      },
      paymentExpirySeconds: settings.PAYMENT_EXPIRY_SECONDS,
    };
  },
  routes: async (app, own, { auth }) => {
    await app.register(paymentRoutes, {
      payments: own.payments,
      webhookCredentials: own.paymentSetup.webhook,
      inbox: own.webhookInbox,
      hooks: auth.hooks,
      limits: own.paymentLimits,
    });
  },
  adminRoutes: async (scope, { payments }, { orders, audit }) => {
    await scope.register(paymentAdminRoutes, { payments, orders: orders.orders, audit: audit.audit });
  },
  jobs: ({ reconciler, webhookInbox }) => [...reconciler.jobs(), ...webhookInbox.jobs()],
  contributes: [
    contribute(placeOrderPrepaid, (own: Payments) => ({
      available: own.paymentSetup.gateway !== null,
      expirySeconds: own.paymentExpirySeconds,
      steps: own.payments.orderSteps(),
    })),
    contribute(
      orderPaymentHistory,
      ({ payments }: Payments) =>
        (orderRowId: string) =>
          payments.historyOf(orderRowId),
    ),
  ],
});
