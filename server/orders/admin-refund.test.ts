import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '../platform/audit/actor.ts';
import {
  control,
  orderPaymentEvents,
  paymentTestWorld,
  requestedRefund,
  runJobNow,
  startedPayment,
  storedOrder,
} from '../testing/payments.ts';
import { orderBody, placedOrderId, queuedMails, storedStock, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { REFUND_JOB } from '../payments/reconciliation.ts';
import { paymentRefunds } from '../payments/schema.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { REFUND_RETRY_REASON_MESSAGE } from '../../core/contracts/admin-orders.ts';
import { MAX } from '../../core/contracts/fields.ts';
import { brokenConstraint } from '../platform/http/errors.ts';

const world = paymentTestWorld();
const { shop, simulator, paidState, waitForPayment, failedRefundOrder } = world;
const admin: AdminActor = { userId: randomUUID(), email: 'staff@example.in', role: 'staff', ip: '198.51.100.4' };

describe('cancelling a paid prepaid order from the back office', () => {
  it('returns its stock and refunds it through the gateway, audited with the reason', async () => {
    const { orderId, shopper, productId } = await world.prepaidOrder(10);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'paid')).toBe('paid');
    expect(await storedStock(shop(), productId)).toBe(9);

    const reason = 'The courier does not serve this PIN code';
    const cancelled = await shop().services.orderStatus.changeByAdmin(orderId, 'cancelled', { actor: admin, reason });
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentState: 'refund_pending' });
    expect(await storedStock(shop(), productId)).toBe(10);
    const { order, refund } = await requestedRefund(shop(), orderId);

    const [entry] = await shop().services.audit.search({ targetId: orderId, limit: 10 });
    expect(entry).toMatchObject({ action: 'order.cancel', reason, adminEmail: admin.email });
    expect(entry!.before).toEqual({ status: 'placed', paymentStatus: 'paid' });
    expect(entry!.after).toEqual({ status: 'cancelled', paymentStatus: 'refund_pending' });
    const mails = await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`);
    expect(mails[0]!.text).toContain('Your payment will be refunded');

    await runJobNow(shop(), REFUND_JOB, refund.id);
    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');

    const history = await shop().services.payments.historyOf(order.id);
    expect(history.attempts).toMatchObject([{ merchantOrderId, state: 'completed', attemptNumber: 1 }]);
    expect(history.refunds).toMatchObject([{ state: 'completed', amount: order.totalPricePaise / 100 }]);
    expect(history.events.some((event) => event.source === 'admin' && event.toState === 'refund_pending')).toBe(true);
  });
});

describe('retrying a refund the gateway failed, from the back office', () => {
  let staff: SignedInAdmin;
  beforeAll(async () => {
    staff = await signedInAdmin(shop(), 'staff');
  });
  const retry = (orderId: string, payload?: object, headers: Record<string, string> = staff.headers) =>
    shop().app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const reasonGiven = { reason: 'PhonePe says the bank is back: trying again' };
  const refundsOf = (orderRowId: string) =>
    shop()
      .services.database.db.select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderRowId))
      .orderBy(asc(paymentRefunds.createdAt));
  const retryEntries = async (orderId: string) =>
    shop().services.audit.search({ targetId: orderId, action: 'order.refund', limit: 10 });

  it('sends a new refund of the payment under a new id, audited with the reason; it completes and the order is refunded', async () => {
    const { orderId, order, refund: failed } = await failedRefundOrder();
    const response = await retry(orderId, reasonGiven);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({ orderId, status: 'cancelled', paymentState: 'refund_pending' });

    const [first, again, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ id: failed.id, state: 'failed' });
    expect(again).toMatchObject({
      state: 'requested',
      attemptId: failed.attemptId,
      amountPaise: order.totalPricePaise,
      reason: failed.reason,
    });
    expect(again!.merchantRefundId).not.toBe(failed.merchantRefundId);

    const [entry] = await retryEntries(orderId);
    expect(entry).toMatchObject({ targetType: 'order', reason: reasonGiven.reason, adminEmail: staff.email });
    expect(entry!.before).toEqual({ paymentStatus: 'refund_failed' });
    expect(entry!.after).toEqual({ paymentStatus: 'refund_pending' });
    expect(await orderPaymentEvents(shop(), orderId)).toContainEqual({
      from: 'refund_failed',
      to: 'refund_pending',
      source: 'admin',
    });
    const history = await shop().services.payments.historyOf(order.id);
    expect(history.events).toContainEqual(
      expect.objectContaining({ subject: 'refund', fromState: null, toState: 'requested', source: 'admin' }),
    );
    // The shopper hears of it as of the first: a refund started, with its reason.
    const started = await queuedMails(shop(), order.email, `Refund started: #${orderId.slice(-6)}`);
    expect(started).toHaveLength(2);
    expect(started[1]!.text).toContain(failed.reason);

    await runJobNow(shop(), REFUND_JOB, again!.id);
    await control(simulator(), `refunds/${again!.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
    expect((await refundsOf(order.id)).map((refund) => refund.state)).toEqual(['failed', 'completed']);
  });

  it('is refused with 409 for an order whose refund did not fail: paid, refund pending, refunded, cash on delivery', async () => {
    const paid = await world.prepaidOrder();
    const { merchantOrderId } = await startedPayment(shop(), paid.shopper, paid.orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(paid.orderId, 'paid')).toBe('paid');

    const refundPending = await world.cancelledPaidOrder();

    const refunded = await world.cancelledPaidOrder();
    await runJobNow(shop(), REFUND_JOB, refunded.refund.id);
    await control(simulator(), `refunds/${refunded.refund.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(refunded.orderId, 'refunded')).toBe('refunded');

    const shopper = await verifiedShopper(shop());
    const productId = await world.supplyProduct({ stock: 5 });
    const cod = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));

    for (const [orderId, state] of [
      [paid.orderId, 'paid'],
      [refundPending.orderId, 'refund_pending'],
      [refunded.orderId, 'refunded'],
      [cod, 'pending'],
    ]) {
      const response = await retry(orderId!, reasonGiven);
      expect(response.statusCode, `${state}: ${response.body}`).toBe(409);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.noFailedRefund);
      expect(await paidState(orderId!)).toBe(state);
      expect(await retryEntries(orderId!)).toEqual([]);
    }
    expect((await refundsOf((await storedOrder(shop(), refunded.orderId)).id)).map((refund) => refund.state)).toEqual([
      'completed',
    ]);
    expect((await retry('0'.repeat(24), reasonGiven)).statusCode).toBe(404);
  });

  it('needs a reason and the CSRF token, and changes nothing without them', async () => {
    const { orderId, order } = await failedRefundOrder();
    for (const payload of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(MAX.line + 1) }]) {
      const response = await retry(orderId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await retry(orderId, {})).json().message).toBe(REFUND_RETRY_REASON_MESSAGE);
    const { cookie } = staff.headers;
    expect((await retry(orderId, reasonGiven, { cookie })).statusCode).toBe(403);
    expect(await paidState(orderId)).toBe('refund_failed');
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await retryEntries(orderId)).toEqual([]);
  });

  it('starts one refund only when two retries race', async () => {
    const { orderId, order, refund } = await failedRefundOrder();
    const answers = await Promise.all([retry(orderId, reasonGiven), retry(orderId, reasonGiven)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await refundsOf(order.id)).map((row) => row.state)).toEqual(['failed', 'requested']);
    expect(await retryEntries(orderId)).toHaveLength(1);
    expect(await paidState(orderId)).toBe('refund_pending');
    // The database holds it too, whatever locks: a second live refund of the payment is refused.
    const another = shop()
      .services.database.db.insert(paymentRefunds)
      .values({ ...refund, id: randomUUID(), merchantRefundId: `${orderId}-Ranother`, state: 'requested' });
    await expect(another).rejects.toSatisfy((error) => brokenConstraint(error) === 'payment_refunds_one_per_attempt');
  });
});
