import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderBody, placeOrder, queuedMails, storedStock, verifiedShopper } from '../testing/orders.ts';
import {
  completedWebhook,
  control,
  createPayment,
  orderPaymentEvents,
  paymentStatus,
  runJobNow,
  paymentTestWorld,
  startedPayment,
  storedOrder,
  webhookHeaderOf,
} from '../testing/payments.ts';
import { orders } from '../orders/schema.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { PAYMENT_CHECK_JOB, PAYMENT_EXPIRY_JOB, REFUND_JOB } from './reconciliation.ts';
import { paymentAttempts, paymentRefunds } from './schema.ts';

/** Short, so the timeout test is quick; long enough for a loaded CI machine's ordinary answers. */
const GATEWAY_TIMEOUT_MS = 1500;
const { shop, simulator, supplyProduct, paidState, waitForPayment, prepaidOrder } = paymentTestWorld({
  PHONEPE_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
});
const webhookHeader = () => webhookHeaderOf(simulator());

describe('POST /api/payment/create-order', () => {
  it("starts a payment for the order's own amount, a new attempt each call", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const first = await startedPayment(shop(), shopper, orderId);
    const second = await startedPayment(shop(), shopper, orderId);

    expect(first.redirectUrl).toMatch(new RegExp(`^${simulator().url}/pay/`));
    expect(first.merchantOrderId).not.toBe(second.merchantOrderId);
    const order = await storedOrder(shop(), orderId);
    const attempts = await shop()
      .services.database.db.select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id));
    expect(attempts.map((attempt) => attempt.amountPaise)).toEqual([order.totalPricePaise, order.totalPricePaise]);
    expect(order.totalPricePaise).toBe(49_900 + 6_000);
  });

  it('refuses an order that is paid, cancelled or cash on delivery with 409', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    await waitForPayment(orderId, 'paid');
    const paid = await createPayment(shop(), shopper.bearer, orderId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: PAYMENT_MESSAGES.alreadyPaid });

    const other = await prepaidOrder();
    const cancel = await shop().app.inject({
      method: 'POST',
      url: `/api/orders/${other.orderId}/cancel`,
      headers: other.shopper.bearer,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await createPayment(shop(), other.shopper.bearer, other.orderId)).json()).toEqual({
      message: PAYMENT_MESSAGES.orderClosed,
    });

    const productId = await supplyProduct({ stock: 5 });
    const cod = await placeOrder(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    const codPayment = await createPayment(shop(), shopper.bearer, cod.json<{ orderId: string }>().orderId);
    expect(codPayment.statusCode).toBe(409);
    expect(codPayment.json()).toEqual({ message: PAYMENT_MESSAGES.notPrepaid });
  });

  it('says which way an order is paid, so a status page opened without paymentMethod=cod knows', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const cod = await placeOrder(
      shop(),
      shopper.bearer,
      orderBody([{ _id: await supplyProduct({ stock: 5 }), quantity: 1 }]),
    );
    const codOrderId = cod.json<{ orderId: string }>().orderId;
    expect((await paymentStatus(shop(), shopper.bearer, codOrderId)).json().data).toMatchObject({
      orderId: codOrderId,
      paymentMethod: 'cod',
      state: 'PENDING',
    });
    expect((await paymentStatus(shop(), shopper.bearer, orderId)).json().data).toMatchObject({
      paymentMethod: 'prepaid',
      state: 'PENDING',
    });
  });

  it("answers 404 on every payment route for another shopper's order", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    const stranger = await verifiedShopper(shop());
    for (const route of ['create-order', 'checkout', 'payment-verification']) {
      const response = await createPayment(shop(), stranger.bearer, orderId, route);
      expect(response.statusCode, route).toBe(404);
    }
    for (const id of [orderId, merchantOrderId]) {
      expect((await paymentStatus(shop(), stranger.bearer, id)).statusCode).toBe(404);
    }
    expect(await paidState(orderId)).toBe('pending');
  });

  it('a gateway 5xx or timeout is a clear 503, leaves the order unpaid, and a retry works', async () => {
    const { shopper, orderId } = await prepaidOrder();
    await control(simulator(), 'faults', { route: 'pay', status: 500, times: 3 });
    const failed = await createPayment(shop(), shopper.bearer, orderId);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: PAYMENT_MESSAGES.gatewayUnavailable });
    expect(await paidState(orderId)).toBe('pending');
    expect((await createPayment(shop(), shopper.bearer, orderId)).statusCode).toBe(200);
  });

  it('a gateway that does not answer in time is a 503 too', { timeout: 30_000 }, async () => {
    const { shopper, orderId } = await prepaidOrder();
    const slowerThanTimeout = { delayMs: GATEWAY_TIMEOUT_MS * 3, times: 3 };
    await control(simulator(), 'faults', { route: 'pay', ...slowerThanTimeout });
    await control(simulator(), 'faults', { route: 'status', ...slowerThanTimeout });
    const timedOut = await createPayment(shop(), shopper.bearer, orderId);
    expect(timedOut.statusCode).toBe(503);
    expect(timedOut.json()).toEqual({ message: PAYMENT_MESSAGES.gatewayUnavailable });
    await fetch(`${simulator().url}/_control/faults`, { method: 'DELETE' });
    expect((await createPayment(shop(), shopper.bearer, orderId)).statusCode).toBe(200);
    expect(await paidState(orderId)).toBe('pending');
  });
});

describe('POST /api/payment/webhook', () => {
  it('refuses a forged webhook with 401 and changes nothing', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    const forged = await completedWebhook(shop(), orderId, merchantOrderId);
    const wrongHash = createHash('sha256').update('shop_webhook:guess1234').digest('hex');
    for (const authorization of [undefined, '', wrongHash]) {
      const response = await shop().app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: authorization === undefined ? {} : { authorization },
        payload: forged,
      });
      expect(response.statusCode).toBe(401);
    }
    await shop().services.jobs.settled();
    expect(await paidState(orderId)).toBe('pending');
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([]);
  });

  it('the same webhook ten times gives one transition and one mail', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    const order = await storedOrder(shop(), orderId);
    const body = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId, orderId: 'OMO1', state: 'COMPLETED', amount: order.totalPricePaise },
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop().app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          headers: { authorization: webhookHeader() },
          payload: body,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    await shop().services.jobs.settled(); // answered at once, applied just after
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([{ from: 'pending', to: 'paid', source: 'webhook' }]);
    expect(await queuedMails(shop(), order.email, `Payment received: #${orderId.slice(-6)}`)).toHaveLength(1);
    const paid = await storedOrder(shop(), orderId);
    expect(paid.paidAt).not.toBeNull();
  });

  it('webhook then status check, and status check then webhook, both end paid once', async () => {
    const gatewayIdOf = async (merchantOrderId: string) =>
      (
        await shop()
          .services.database.db.select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.merchantOrderId, merchantOrderId))
      )[0]!.gatewayOrderId;
    const first = await prepaidOrder();
    const one = await startedPayment(shop(), first.shopper, first.orderId);
    const paidAtBank = await control(simulator(), `payments/${one.merchantOrderId}`, { outcome: 'COMPLETED' });
    await waitForPayment(first.orderId, 'paid');
    expect(await gatewayIdOf(one.merchantOrderId)).toBe(paidAtBank.orderId);
    const status = await paymentStatus(shop(), first.shopper.bearer, first.orderId);
    expect(status.json().data).toMatchObject({ state: 'COMPLETED', paymentStatus: 'paid' });
    expect(await orderPaymentEvents(shop(), first.orderId)).toEqual([
      { from: 'pending', to: 'paid', source: 'webhook' },
    ]);

    const second = await prepaidOrder();
    const two = await startedPayment(shop(), second.shopper, second.orderId);
    const quietlyPaid = await control(simulator(), `payments/${two.merchantOrderId}`, {
      outcome: 'COMPLETED',
      webhook: false,
    });
    const checked = await paymentStatus(shop(), second.shopper.bearer, two.merchantOrderId);
    expect(checked.json().data).toMatchObject({ state: 'COMPLETED', orderId: second.orderId });
    expect(await gatewayIdOf(two.merchantOrderId)).toBe(quietlyPaid.orderId);
    await control(simulator(), `webhooks/${two.merchantOrderId}/resend`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await orderPaymentEvents(shop(), second.orderId)).toEqual([
      { from: 'pending', to: 'paid', source: 'status-check' },
    ]);
  });

  it('never marks paid an amount that differs from the order’s: the order is held for review', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', amountPaise: 100 });
    expect(await waitForPayment(orderId, 'review')).toBe('review');
    const [attempt] = await shop()
      .services.database.db.select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    expect(attempt).toMatchObject({ state: 'mismatch', paidAmountPaise: 100 });
    expect((await storedOrder(shop(), orderId)).paidAt).toBeNull();
  });
  it('a webhook that carries no amount is confirmed with the gateway like any other', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    const response = await shop().app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { authorization: webhookHeader() },
      payload: { event: 'checkout.order.completed', payload: { merchantOrderId, state: 'COMPLETED' } },
    });
    expect(response.statusCode).toBe(200);
    await shop().services.jobs.settled(); // the webhook's job asks the gateway, which confirms it
    expect(await paidState(orderId)).toBe('paid');
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([{ from: 'pending', to: 'paid', source: 'webhook' }]);
  });
});

describe('reconciliation and expiry', () => {
  it('recovers a lost webhook by checking the attempt on schedule', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    const [attempt] = await shop()
      .services.database.db.select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, merchantOrderId));
    await runJobNow(shop(), PAYMENT_CHECK_JOB, attempt!.id);
    expect(await paidState(orderId)).toBe('paid');
    expect(await orderPaymentEvents(shop(), orderId)).toEqual([
      { from: 'pending', to: 'paid', source: 'reconciliation' },
    ]);
  });

  it('a failed payment can be tried again until it succeeds', async () => {
    const { shopper, orderId } = await prepaidOrder();
    const failing = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${failing.merchantOrderId}`, { outcome: 'FAILED' });
    expect(await waitForPayment(orderId, 'failed')).toBe('failed');
    expect((await paymentStatus(shop(), shopper.bearer, orderId)).json().data.state).toBe('FAILED');

    const retry = await startedPayment(shop(), shopper, orderId);
    expect((await paymentStatus(shop(), shopper.bearer, orderId)).json().data.state).toBe('PENDING');
    await control(simulator(), `payments/${retry.merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'paid')).toBe('paid');
  });

  it('expires an unpaid order after a last check, and its stock returns', async () => {
    const { shopper, orderId, productId } = await prepaidOrder(4);
    await startedPayment(shop(), shopper, orderId);
    expect(await storedStock(shop(), productId)).toBe(3);
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, orderId);
    const order = await storedOrder(shop(), orderId);
    expect(order).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });
    expect(await storedStock(shop(), productId)).toBe(4);
    expect((await createPayment(shop(), shopper.bearer, orderId)).statusCode).toBe(409);
  });

  it('honours a payment that completes after expiry while the stock is there', async () => {
    const { shopper, orderId, productId } = await prepaidOrder(4);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, orderId);
    expect(await storedStock(shop(), productId)).toBe(4);

    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'paid')).toBe('paid');
    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'placed' });
    expect(await storedStock(shop(), productId)).toBe(3);
  });

  it('refunds a payment that completes after expiry when the stock is gone, and tells the shopper', async () => {
    const { shopper, orderId, productId } = await prepaidOrder(1);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await runJobNow(shop(), PAYMENT_EXPIRY_JOB, orderId);
    const other = await verifiedShopper(shop());
    await placeOrder(shop(), other.bearer, orderBody([{ _id: productId, quantity: 1 }])); // takes the last one
    expect(await storedStock(shop(), productId)).toBe(0);

    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refund_pending')).toBe('refund_pending');
    const order = await storedOrder(shop(), orderId);
    expect(await queuedMails(shop(), order.email, `Refund started: #${orderId.slice(-6)}`)).toHaveLength(1);
    const [refund] = await shop()
      .services.database.db.select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id));
    await runJobNow(shop(), REFUND_JOB, refund!.id); // sends it to the gateway
    await control(simulator(), `refunds/${refund!.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
    expect(await storedStock(shop(), productId)).toBe(0);
  });
});

describe('prepaid orders', () => {
  it('a shopper may hold at most 3 unpaid prepaid orders', async () => {
    const productId = await supplyProduct({ stock: 20 });
    const shopper = await verifiedShopper(shop());
    const body = orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'prepaid' });
    for (let n = 0; n < 3; n++) expect((await placeOrder(shop(), shopper.bearer, body)).statusCode).toBe(201);
    const fourth = await placeOrder(shop(), shopper.bearer, body);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ message: PAYMENT_MESSAGES.tooManyUnpaid });
    expect(await storedStock(shop(), productId)).toBe(17);
    expect((await placeOrder(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]))).statusCode).toBe(
      201,
    );
  });

  it('holds to 3 unpaid prepaid orders when one shopper places six at the same time', async () => {
    // A product each, so that no product's row lock lines the orders up.
    const productIds = await Promise.all(Array.from({ length: 6 }, () => supplyProduct({ stock: 5 })));
    const shopper = await verifiedShopper(shop());
    const answers = await Promise.all(
      productIds.map((_id) =>
        placeOrder(shop(), shopper.bearer, orderBody([{ _id, quantity: 1 }], { paymentMethod: 'prepaid' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const stock = await Promise.all(productIds.map((productId) => storedStock(shop(), productId)));
    expect(stock.reduce((sum, left) => sum + left, 0)).toBe(6 * 5 - 3);
  });

  it('an order without the age confirmation is refused', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const shopper = await verifiedShopper(shop());
    const response = await placeOrder(
      shop(),
      shopper.bearer,
      orderBody([{ _id: productId, quantity: 1 }], { ageConfirmed: undefined }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.ageRequired });
    expect(await shop().services.database.db.select().from(orders).where(eq(orders.userId, shopper.userId))).toEqual(
      [],
    );
  });
});
