import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { CHECKOUT_SCRIPT } from './checkout-script.ts';
import type { SimulatorContext } from './context.ts';
import { findByPayToken } from './payments.ts';
import { missingPage, newNonce, payPage, payPagePolicy, resultPage } from './pay-page.ts';
import type { PaymentOutcome } from './simulator.ts';

const BUTTONS = new Map<unknown, PaymentOutcome>([
  ['PAY', 'COMPLETED'],
  ['FAIL', 'FAILED'],
  ['CANCEL', 'CANCELLED'],
]);

/** The shopper's side: PhonePe's checkout script and its hosted pay page with Pay, Fail and Cancel. */
export const browserRoutes: FastifyPluginAsync<{ context: SimulatorContext }> = async (app, { context }) => {
  const { db, simulator, merchantName, frameAncestors } = context;
  const hide = { schema: { hide: true } };

  const html = (reply: FastifyReply, status: number, render: (nonce: string) => string) => {
    const nonce = newNonce();
    // The page's own policy replaces the host's, and its frame-ancestors the host's X-Frame-Options (helmet's).
    reply.removeHeader('x-frame-options');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', payPagePolicy(nonce, frameAncestors))
      .send(render(nonce));
  };

  app.get('/checkout.js', hide, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      // Shops load it from their own pages, as they load PhonePe's from mercury.phonepe.com.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(CHECKOUT_SCRIPT),
  );

  app.get<{ Params: { payToken: string } }>('/pay/:payToken', hide, async (request, reply) => {
    const found = await findByPayToken(db, request.params.payToken);
    if (!found) return html(reply, 404, missingPage);
    const payment = await simulator.current(found);
    if (payment.state === 'PENDING') return html(reply, 200, (nonce) => payPage(payment, merchantName, nonce));
    return html(reply, 200, (nonce) => resultPage(payment, merchantName, nonce));
  });

  app.post<{ Params: { payToken: string }; Body: { outcome?: unknown } }>(
    '/pay/:payToken',
    hide,
    async (request, reply) => {
      const payment = await findByPayToken(db, request.params.payToken);
      if (!payment) return html(reply, 404, missingPage);
      const outcome = BUTTONS.get(request.body?.outcome);
      // An unknown button, or a payment already final or expired: the page shows the payment as it is.
      if (outcome) await simulator.finish(payment, outcome);
      return reply.redirect(`./${encodeURIComponent(request.params.payToken)}`, 303);
    },
  );
};
