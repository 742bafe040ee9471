import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moveOrder, verifiedShopper } from '../testing/orders.ts';
import {
  completedWebhook,
  control,
  createPayment,
  orderPaymentEvents,
  paymentStatus,
  paymentTestWorld,
  placePrepaidOrder,
  runJobNow,
  startedPayment,
  storedOrder,
  webhookHeaderOf,
} from '../testing/payments.ts';
import { orders } from '../orders/schema.ts';
import { MAX_PAYMENT_ATTEMPTS, PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { PAYMENT_EXPIRY_JOB, REFUND_JOB } from './reconciliation.ts';
import { PAYMENT_CALLS_PER_MINUTE } from './routes.ts';
import { signedInAdmin } from '../testing/admin-session.ts';

const world = paymentTestWorld();
const { shop, simulator, supplyProduct, paidState, waitForPayment, prepaidOrder } = world;

const webhookHeader = () => webhookHeaderOf(simulator());
const postWebhook = (payload: unknown, headers: Record<string, string> = { authorization: webhookHeader() }) =>
  shop().app.inject({ method: 'POST', url: '/api/payment/webhook', headers, payload: payload as object });

/** How many times the shop asked the gateway (the simulator) about this attempt or refund. */
async function gatewayCalls(route: 'status' | 'refund-status', subject: string): Promise<number> {
  const response = await fetch(`${simulator().url}/_control/calls/${route}/${encodeURIComponent(subject)}`);
  return (await response.json()).count as number;
}

describe('a webhook is a trigger, not the truth', () => {
  it("leaves an order unpaid when the gateway does not confirm the webhook's 'completed', and pays it once it does", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    const claim = await completedWebhook(shop(), orderId, merchantOrderId);

    expect((await postWebhook(claim)).statusCode).toBe(200);
    await shop().services.jobs.settled();
    expect(await gatewayCalls('status', merchantOrderId)).toBe(1);
    expect(await paidState(orderId)).toBe('pending');
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([]);

    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    expect((await postWebhook(claim)).statusCode).toBe(200);
    expect(await waitForPayment(orderId, 'paid')).toBe('paid');
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([{ from: 'pending', to: 'paid', source: 'webhook' }]);
  });

  it("a webhook's 'failed' for a payment the gateway has not failed changes nothing", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await postWebhook({ event: 'checkout.order.failed', payload: { merchantOrderId, state: 'FAILED' } });
    await shop().services.jobs.settled();
    expect(await paidState(orderId)).toBe('pending');
  });

  it("leaves a refund open when the gateway does not confirm the webhook's 'completed', and closes it once it does", async () => {
    const { orderId, refund } = await world.cancelledPaidOrder();
    await runJobNow(shop(), REFUND_JOB, refund.id); // sent to the gateway, which holds it pending
    const claim = {
      event: 'pg.refund.completed',
      payload: { merchantRefundId: refund.merchantRefundId, state: 'COMPLETED', amount: refund.amountPaise },
    };

    expect((await postWebhook(claim)).statusCode).toBe(200);
    await shop().services.jobs.settled();
    expect(await gatewayCalls('refund-status', refund.merchantRefundId)).toBeGreaterThanOrEqual(1);
    expect(await paidState(orderId)).toBe('refund_pending');

    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED', webhook: false });
    expect((await postWebhook(claim)).statusCode).toBe(200);
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
  });

  it('refuses a body over 64 KB with 413, and an amount that is not a whole number of paise in range with 400', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    const huge = { event: 'checkout.order.completed', payload: { merchantOrderId, note: 'x'.repeat(65 * 1024) } };
    expect((await postWebhook(huge)).statusCode).toBe(413);
    expect((await postWebhook(huge, { authorization: 'wrong' })).statusCode).toBe(413);
    for (const amount of [499.5, -100, 1e12, '55900']) {
      const response = await postWebhook({
        event: 'checkout.order.completed',
        payload: { merchantOrderId, state: 'COMPLETED', amount },
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().message).toMatch(/amount/);
    }
    await shop().services.jobs.settled();
    expect(await paidState(orderId)).toBe('pending');
  });

  it('throttles an address that keeps failing the webhook login, whatever it sends next', async () => {
    const attacker = '203.0.113.7';
    const attempt = (authorization: string, remoteAddress: string) =>
      shop().app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { authorization },
        remoteAddress,
        payload: { event: 'checkout.order.completed', payload: {} },
      });
    const wrong = createHash('sha256').update('shop_webhook:guess').digest('hex');
    const answers = [];
    for (let n = 0; n < 25; n++) answers.push((await attempt(wrong, attacker)).statusCode);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(answers.slice(20)).toEqual(Array(5).fill(429));
    const blocked = await attempt(webhookHeader(), attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(webhookHeader(), '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('limits on the gateway', () => {
  it(`an order takes at most ${MAX_PAYMENT_ATTEMPTS} payment attempts: the next is 409`, async () => {
    const { shopper, orderId } = await prepaidOrder();
    for (let n = 0; n < MAX_PAYMENT_ATTEMPTS; n++) await startedPayment(shop(), shopper, orderId);
    const sixth = await createPayment(shop(), shopper.bearer, orderId);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ message: PAYMENT_MESSAGES.tooManyAttempts });
  });

  it('holds to the limit when many attempts at one order race', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => createPayment(shop(), shopper.bearer, orderId)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(MAX_PAYMENT_ATTEMPTS).fill(200), ...Array(8 - MAX_PAYMENT_ATTEMPTS).fill(409)]);
  });

  it('rapid create-payment calls by one shopper get 429 with Retry-After', async () => {
    const shopper = await verifiedShopper(shop());
    const productId = await supplyProduct({ stock: 10 });
    // Three orders, so the attempts limit of one order is not what answers.
    const orderIds = [];
    for (let n = 0; n < 3; n++) orderIds.push(await placePrepaidOrder(shop(), shopper, productId));
    const answers = [];
    for (let n = 0; n < PAYMENT_CALLS_PER_MINUTE.createPayment + 2; n++) {
      answers.push(await createPayment(shop(), shopper.bearer, orderIds[n % 3]!));
    }
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes).toEqual([...Array(PAYMENT_CALLS_PER_MINUTE.createPayment).fill(200), 429, 429]);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rapid payment verifications by one shopper get 429', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const codes = [];
    for (let n = 0; n < PAYMENT_CALLS_PER_MINUTE.verifyPayment + 1; n++) {
      const response = await shop().app.inject({
        method: 'POST',
        url: '/api/payment/payment-verification',
        headers: shopper.bearer,
        payload: { orderId },
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('50 concurrent status polls of one attempt ask the gateway once per 3 seconds', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    const poll = () =>
      Promise.all(Array.from({ length: 50 }, () => paymentStatus(shop(), shopper.bearer, merchantOrderId)));
    const before = await gatewayCalls('status', merchantOrderId);
    const answers = await poll();
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.json().data.state === 'PENDING')).toBe(true);
    expect((await gatewayCalls('status', merchantOrderId)) - before).toBe(1);
    await poll();
    expect((await gatewayCalls('status', merchantOrderId)) - before).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 3100));
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    const later = await poll();
    expect((await gatewayCalls('status', merchantOrderId)) - before).toBe(2);
    expect(later.some((answer) => answer.json().data.state === 'COMPLETED')).toBe(true);
  });
});

describe('orders that are not paid', () => {
  it('the back office cannot move a prepaid order past placed until it is paid', async () => {
    const { headers } = await signedInAdmin(shop());
    const { shopper, orderId } = await prepaidOrder();
    const move = () => moveOrder(shop(), headers, orderId, 'confirmed');
    const unpaid = await move();
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: PAYMENT_MESSAGES.notPaidYet });
    expect((await storedOrder(shop(), orderId)).status).toBe('placed');

    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    await waitForPayment(orderId, 'paid');
    expect((await move()).statusCode).toBe(200);
  });

  it('an unpaid order expires on time whatever its status', async () => {
    const { orderId } = await prepaidOrder();
    // As an order moved along before staff moves of unpaid orders were refused.
    await shop()
      .services.database.db.update(orders)
      .set({ status: 'confirmed', updatedAt: sql`now()` })
      .where(eq(orders.orderId, orderId));
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, orderId);
    expect(await storedOrder(shop(), orderId)).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });
  });
});
