import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorContext } from './context.ts';
import { issueToken } from './tokens.ts';
import { orderStatus, refundStatus } from './views.ts';

/** A boolean query flag; PhonePe's SDK repeats it (`?details=true&details=true`), which arrives as an array. */
const flag = (value: unknown) => (Array.isArray(value) ? value : [value]).some((item) => String(item) === 'true');

interface StatusQuery {
  details?: string | string[];
  errorContext?: string | string[];
}

/** PhonePe's server-to-server API: the token, then pay, order status, refund and refund status with it. */
export const apiRoutes: FastifyPluginAsync<{ context: SimulatorContext }> = async (app, { context }) => {
  const { db, simulator, faults } = context;
  const hide = { schema: { hide: true } };
  const client = (authorization: string | undefined) => context.tokens.clientOf(authorization);

  app.post('/v1/oauth/token', hide, async (request) =>
    faults.run('token', () => issueToken(db, context.credentials, request.body, context.tokenTtlSeconds)),
  );

  app.post('/checkout/v2/pay', hide, async (request) =>
    faults.run('pay', async () => {
      const payment = await simulator.createPayment(await client(request.headers.authorization), request.body);
      return {
        orderId: payment.id,
        state: payment.state,
        expireAt: payment.expireAt.getTime(),
        redirectUrl: context.payUrl(payment.payToken),
      };
    }),
  );

  app.get<{ Params: { merchantOrderId: string }; Querystring: StatusQuery }>(
    '/checkout/v2/order/:merchantOrderId/status',
    hide,
    async (request) =>
      faults.run(
        'status',
        async () => {
          const clientId = await client(request.headers.authorization);
          const payment = await simulator.payment(clientId, request.params.merchantOrderId);
          return orderStatus(payment, { errorContext: flag(request.query.errorContext) });
        },
        request.params.merchantOrderId,
      ),
  );

  app.post('/payments/v2/refund', hide, async (request) =>
    faults.run('refund', async () => {
      const refund = await simulator.createRefund(await client(request.headers.authorization), request.body);
      return { refundId: refund.id, amount: refund.amountPaise, state: refund.state };
    }),
  );

  app.get<{ Params: { merchantRefundId: string } }>(
    '/payments/v2/refund/:merchantRefundId/status',
    hide,
    async (request) =>
      faults.run(
        'refund-status',
        async () => {
          const clientId = await client(request.headers.authorization);
          return refundStatus(await simulator.refund(clientId, request.params.merchantRefundId), context.merchantId);
        },
        request.params.merchantRefundId,
      ),
  );
};
