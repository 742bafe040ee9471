import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, type ShopperHooks } from '../platform/auth/face.ts';
import { clientKey } from '../platform/http/client-ip.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { FailureThrottle, RateLimiter } from '../platform/http/rate-limit.ts';
import {
  MAX_PAYMENT_ATTEMPTS,
  MAX_WEBHOOK_BYTES,
  checkoutEndpoint,
  createPaymentEndpoint,
  paymentStatusEndpoint,
  paymentWebhookEndpoint,
  verifyPaymentEndpoint,
} from '../../core/contracts/payments.ts';
import type { PaymentService } from './service.ts';
import { webhookAuthorized, type WebhookCredentials, type WebhookInbox } from './webhook.ts';

/** How often one shopper may call each payment action in a minute (decision 0023). */
export const PAYMENT_CALLS_PER_MINUTE = { createPayment: 10, verifyPayment: 20 } as const;

export interface PaymentLimits {
  /** Per-shopper counts of payment calls. */
  calls: RateLimiter;
  /** Failed webhook logins per client IP. */
  webhookFailures: FailureThrottle;
}

interface PaymentRouteOptions {
  payments: PaymentService;
  webhookCredentials: WebhookCredentials;
  inbox: WebhookInbox;
  hooks: ShopperHooks;
  limits: PaymentLimits;
}

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

/** Spec section 7's four payment rows and PhonePe's webhook (decision 0019). */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, options) => {
  const { payments, hooks, limits } = options;
  type Request = Parameters<typeof signedIn>[0];
  const shopper = { onRequest: hooks.requireShopper };
  /** The signed-in shopper, counted against their allowance for `action` (429 with Retry-After beyond it). */
  const shopperWithin = async (request: Request, action: keyof typeof PAYMENT_CALLS_PER_MINUTE) => {
    const { userId } = signedIn(request);
    const limit = PAYMENT_CALLS_PER_MINUTE[action];
    await limits.calls.check([{ key: `${action}:user:${userId}`, limit, windowSeconds: 60 }]);
    return userId;
  };
  const startPayment = async (request: Request & { body: { orderId: string } }) =>
    payments.createPayment(await shopperWithin(request, 'createPayment'), request.body.orderId);

  route(app, createPaymentEndpoint, {
    ...shopper,
    schema: {
      tags,
      security,
      summary: 'Start a payment attempt for an unpaid prepaid order; answers the gateway page to open.',
      description:
        'The amount is the order’s. Each call is a new attempt with its own merchantOrderId, so a failed payment ' +
        `can be tried again until the order expires, ${MAX_PAYMENT_ATTEMPTS} attempts at most (then 409). A paid, ` +
        'cancelled or expired order is 409; another shopper’s is 404; more than ' +
        `${PAYMENT_CALLS_PER_MINUTE.createPayment} calls a minute by one shopper are 429; the gateway failing is ` +
        '502 or 503, and the order stays unpaid.',
    },
    handler: startPayment,
  });
  route(app, checkoutEndpoint, {
    ...shopper,
    schema: {
      tags,
      security,
      summary: 'Create the gateway order for a prepaid order (the same as /api/payment/create-order).',
      description: 'The spec lists this call without a body; here it takes {orderId} and answers {redirectUrl}.',
    },
    handler: startPayment,
  });
  route(app, paymentStatusEndpoint, {
    ...shopper,
    schema: {
      tags,
      summary: 'The payment state of the shopper’s order: COMPLETED, FAILED or PENDING.',
      description:
        'merchantOrderId may be the shop’s orderId or one attempt’s id. While the order awaits payment the ' +
        'gateway is asked first (about each attempt at most once every few seconds, however many ask), and the ' +
        'order is updated.',
      security,
    },
    handler: async (request) => payments.status(signedIn(request).userId, request.query.merchantOrderId),
  });
  route(app, verifyPaymentEndpoint, {
    ...shopper,
    schema: {
      tags,
      summary: 'Verify an order’s payment with the gateway now, and answer its state.',
      description: 'The spec lists this call without a body; here it takes {orderId} and answers as get-order-status.',
      security,
    },
    handler: async (request) =>
      payments.status(await shopperWithin(request, 'verifyPayment'), request.body.orderId, 'shopper'),
  });
  route(app, paymentWebhookEndpoint, {
    bodyLimit: MAX_WEBHOOK_BYTES,
    // Before the body is read: an oversized body, or a client that keeps failing, costs no parse.
    onRequest: async (request, reply) => {
      if (Number(request.headers['content-length']) > MAX_WEBHOOK_BYTES) {
        return reply.code(413).send({ message: `A webhook body is at most ${MAX_WEBHOOK_BYTES / 1024} KB` });
      }
      const client = clientKey(request.ip);
      await limits.webhookFailures.before(client);
      if (!webhookAuthorized(request.headers.authorization, options.webhookCredentials)) {
        await limits.webhookFailures.failed(client);
        return reply.code(401).send({ message: 'Unauthorized' });
      }
    },
    schema: {
      tags,
      summary: 'PhonePe’s webhook: checkout.order.* and pg.refund.* events.',
      security: [{ phonePeWebhook: [] }],
      description:
        'Authorization must be the SHA-256 of the configured webhook username:password, else 401 and nothing ' +
        'changes; an address that keeps failing gets 429. A body over 64 KB is 413; an amount that is not a ' +
        'whole number of paise in range is 400. The event is stored and answered at once; the job queue then ' +
        'asks the gateway’s status API and applies only what it confirms. A repeated event changes nothing again.',
    },
    handler: async (request) => {
      await options.inbox.receive(request.body);
      return { received: true };
    },
  });
};
