import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import {
  createPaymentResponseSchema,
  createPaymentSchema,
  paymentStatusQuerySchema,
  paymentStatusResponseSchema,
} from '../../core/contracts/payments.ts';
import type { PaymentService } from './service.ts';
import { webhookAuthorized, type WebhookCredentials, type WebhookInbox } from './webhook.ts';

interface PaymentRouteOptions {
  payments: PaymentService;
  webhookCredentials: WebhookCredentials;
  inbox: WebhookInbox;
  accessTokens: AccessTokens;
}

const message = z.object({ message: z.string() });
const security = [{ bearerAuth: [] }];
const createResponses = { 200: createPaymentResponseSchema, 404: message, 409: message, 502: message, 503: message };

/** Spec section 7's four payment rows and PhonePe's webhook (decision 0019). */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, options) => {
  const { payments, accessTokens } = options;
  const signedIn = (request: Parameters<typeof requireUser>[0]) => requireUser(request, accessTokens);

  const create = {
    tags: ['payments'],
    security,
    body: createPaymentSchema,
    response: createResponses,
  };
  app.post(
    '/api/payment/create-order',
    {
      schema: {
        ...create,
        summary: 'Start a payment attempt for an unpaid prepaid order; answers the gateway page to open.',
        description:
          'The amount is the order’s. Each call is a new attempt with its own merchantOrderId, so a failed payment ' +
          'can be tried again until the order expires. A paid, cancelled or expired order is 409; another ' +
          'shopper’s is 404; the gateway failing is 502 or 503, and the order stays unpaid.',
      },
    },
    async (request) => payments.createPayment((await signedIn(request)).userId, request.body.orderId),
  );
  app.post(
    '/api/payment/checkout',
    {
      schema: {
        ...create,
        summary: 'Create the gateway order for a prepaid order (the same as /api/payment/create-order).',
        description: 'The spec lists this call without a body; here it takes {orderId} and answers {redirectUrl}.',
      },
    },
    async (request) => payments.createPayment((await signedIn(request)).userId, request.body.orderId),
  );
  app.get(
    '/api/payment/get-order-status',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment state of the shopper’s order: COMPLETED, FAILED or PENDING.',
        description:
          'merchantOrderId may be the shop’s orderId or one attempt’s id. While the order awaits payment the ' +
          'gateway is asked first, and the order is updated.',
        security,
        querystring: paymentStatusQuerySchema,
        response: { 200: paymentStatusResponseSchema, 404: message },
      },
    },
    async (request) => payments.status((await signedIn(request)).userId, request.query.merchantOrderId),
  );
  app.post(
    '/api/payment/payment-verification',
    {
      schema: {
        tags: ['payments'],
        summary: 'Verify an order’s payment with the gateway now, and answer its state.',
        description:
          'The spec lists this call without a body; here it takes {orderId} and answers as get-order-status.',
        security,
        body: createPaymentSchema,
        response: { 200: paymentStatusResponseSchema, 404: message },
      },
    },
    async (request) => payments.status((await signedIn(request)).userId, request.body.orderId, 'shopper'),
  );
  app.post(
    '/api/payment/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'PhonePe’s webhook: checkout.order.* and pg.refund.* events.',
        description:
          'Authorization must be the SHA-256 of the configured webhook username:password, else 401 and nothing ' +
          'changes. The event is stored and answered at once, then applied by the job queue; a repeated event ' +
          'changes nothing again.',
        body: z.unknown(),
        response: { 200: z.object({ received: z.boolean() }), 400: message, 401: message },
      },
    },
    async (request, reply) => {
      if (!webhookAuthorized(request.headers.authorization, options.webhookCredentials)) {
        return reply.code(401).send({ message: 'Unauthorized' });
      }
      if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
        return reply.code(400).send({ message: 'A webhook body is a JSON object' });
      }
      await options.inbox.receive(request.body as Record<string, unknown>);
      return { received: true };
    },
  );
};
