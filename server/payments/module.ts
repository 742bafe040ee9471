import { contribute, defineModule } from '../platform/kernel/index.ts';
import { FailureThrottle, RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, logFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace } from '../platform/auth/face.ts';
import { cartFace } from '../platform/cart/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace } from '../platform/mail/face.ts';
import { cancelOrderRefund, orderPaymentHistory, ordersFace, placeOrderPrepaid } from '../platform/orders/face.ts';
import { paymentSettings, checkPaymentSettings, paymentSettingDefaults } from './settings.ts';
import { paymentSetup, type PaymentSetup } from './setup.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { PaymentService } from './service.ts';
import { PaymentTransitions } from './transitions.ts';
import { Reconciler } from './reconciliation.ts';
import { WebhookInbox } from './webhook.ts';
import { paymentRoutes, type PaymentLimits } from './routes.ts';
import { paymentAdminRoutes } from './admin-routes.ts';

/** Failed webhook logins one address may make per 15 minutes before it is refused (decision 0023). */
const WEBHOOK_FAILURES = { prefix: 'webhook-failed:ip', failures: 20, windowSeconds: 15 * 60 };

export interface Payments {
  payments: PaymentService;
  paymentTransitions: PaymentTransitions;
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
    carts: cartFace,
    jobs: jobsFace,
    mail: mailFace,
    orders: ordersFace,
  },
  create: async ({ settings, needs }): Promise<Payments> => {
    const { database, shop } = needs;
    const setup = await paymentSetup(
      { ...settings, ...shop.runtime },
      (name) => needs.auth.sharedSecret(name, undefined),
      (message) => needs.log.warn(message),
    );
    const gateway = setup.gateway ?? prepaidOff;
    const orders = needs.orders.orderPayments;
    const jobs = needs.jobs.jobs;
    const carts = needs.carts.carts;
    const paymentTransitions = new PaymentTransitions({
      database,
      orders,
      jobs,
      outbox: needs.mail.outbox,
      auth: needs.auth.auth,
      emptyCart: (userId, tx) => carts.clear(userId, tx),
      shopName: shop.name,
      origin: shop.origin,
    });
    const reconciler = new Reconciler({ database, gateway, orders, transitions: paymentTransitions });
    const payments = new PaymentService({
      database,
      gateway,
      orders,
      jobs,
      transitions: paymentTransitions,
      reconciler,
      origin: shop.origin,
      shopName: shop.name,
      expirySeconds: settings.PAYMENT_EXPIRY_SECONDS,
    });
    return {
      payments,
      paymentTransitions,
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
    contribute(cancelOrderRefund, ({ payments }: Payments) => payments.refundStep()),
    contribute(
      orderPaymentHistory,
      ({ payments }: Payments) =>
        (orderRowId: string) =>
          payments.historyOf(orderRowId),
    ),
  ],
});
