import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SimulatorContext } from './context.ts';
import { SimulatorError } from './errors.ts';
import { FAULT_ROUTES, faultSchema } from './faults.ts';
import { expireAllTokens } from './tokens.ts';

const paymentControl = z.object({
  outcome: z.enum(['COMPLETED', 'FAILED', 'CANCELLED']),
  amountPaise: z.number().int().min(1).optional(),
  webhook: z.boolean().default(true),
});
const refundControl = z.object({ outcome: z.enum(['COMPLETED', 'FAILED']), webhook: z.boolean().default(true) });

const alreadyFinal = (what: string, state: string) =>
  new SimulatorError(409, 'ALREADY_FINAL', `${what} is ${state} and cannot change`);

/**
 * What a test (or the benchmark) does in place of a shopper or a bank: the same code paths as the pay page's
 * buttons and the refund timer, plus lost and repeated webhooks, expired tokens and injected faults.
 */
export const controlRoutes: FastifyPluginAsync<{ context: SimulatorContext }> = async (app, { context }) => {
  const { simulator, faults } = context;
  const hide = { schema: { hide: true } };

  app.post<{ Params: { merchantOrderId: string } }>('/_control/payments/:merchantOrderId', hide, async (request) => {
    const { outcome, amountPaise, webhook } = paymentControl.parse(request.body ?? {});
    const payment = await simulator.payment(simulator.clientId, request.params.merchantOrderId);
    const result = await simulator.finish(payment, outcome, { amountPaise, webhook });
    if (!result.changed) throw alreadyFinal(request.params.merchantOrderId, result.payment.state);
    const { merchantOrderId, id: orderId, state, amountPaise: amount, transactionId } = result.payment;
    return { merchantOrderId, orderId, state, amount, transactionId };
  });

  app.post<{ Params: { merchantRefundId: string } }>('/_control/refunds/:merchantRefundId', hide, async (request) => {
    const { outcome, webhook } = refundControl.parse(request.body ?? {});
    const result = await simulator.settleRefundNow(request.params.merchantRefundId, outcome, { webhook });
    if (!result.changed) throw alreadyFinal(request.params.merchantRefundId, result.refund.state);
    return { merchantRefundId: result.refund.merchantRefundId, refundId: result.refund.id, state: result.refund.state };
  });

  app.post<{ Params: { merchantOrderId: string } }>(
    '/_control/webhooks/:merchantOrderId/resend',
    hide,
    async (request) => ({ event: await simulator.resendPaymentWebhook(request.params.merchantOrderId) }),
  );

  app.post('/_control/tokens/expire', hide, async () => {
    context.tokens.forgetAll();
    return { expired: await expireAllTokens(context.db) };
  });

  app.post('/_control/faults', hide, async (request) => {
    faults.add(faultSchema.parse(request.body ?? {}));
    return { ok: true };
  });

  app.get<{ Params: { route: string; subject?: string } }>(
    '/_control/calls/:route/:subject?',
    hide,
    async (request) => {
      const route = z.enum(FAULT_ROUTES).parse(request.params.route);
      return { count: faults.callCount(route, request.params.subject) };
    },
  );

  app.delete('/_control/faults', hide, async () => {
    faults.clear();
    return { ok: true };
  });
};
