import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminActor } from '../audit/index.ts';
import { control, paymentTestWorld, runJobNow, startedPayment, storedOrder } from '../testing/payments.ts';
import { queuedMails, storedStock } from '../testing/orders.ts';
import { REFUND_JOB } from '../payments/transitions.ts';
import { paymentRefunds } from '../payments/schema.ts';

const world = paymentTestWorld();
const { shop, simulator, waitForPayment } = world;
const admin: AdminActor = { userId: randomUUID(), email: 'staff@example.in', role: 'staff', ip: '198.51.100.4' };

describe('cancelling a paid prepaid order from the back office', () => {
  it('returns its stock and refunds it through the gateway, audited with the reason', async () => {
    const { orderId, shopper, productId } = await world.prepaidOrder(10);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'paid')).toBe('paid');
    expect(await storedStock(shop(), productId)).toBe(9);

    const reason = 'The courier does not serve this PIN code';
    const cancelled = await shop().services.orders.changeByAdmin(orderId, 'cancelled', { actor: admin, reason });
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentState: 'refund_pending' });
    expect(await storedStock(shop(), productId)).toBe(10);
    const order = await storedOrder(shop(), orderId);
    const [refund] = await shop()
      .services.database.db.select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id));
    expect(refund).toMatchObject({ state: 'requested', amountPaise: order.totalPricePaise });

    const [entry] = await shop().services.audit.search({ targetId: orderId, limit: 10 });
    expect(entry).toMatchObject({ action: 'order.cancel', reason, adminEmail: admin.email });
    expect(entry!.before).toEqual({ status: 'placed', paymentStatus: 'paid' });
    expect(entry!.after).toEqual({ status: 'cancelled', paymentStatus: 'refund_pending' });
    const mails = await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`);
    expect(mails[0]!.text).toContain('Your payment will be refunded');

    await runJobNow(shop(), REFUND_JOB, refund!.id);
    await control(simulator(), `refunds/${refund!.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');

    const history = await shop().services.payments.historyOf(order.id);
    expect(history.attempts).toMatchObject([{ merchantOrderId, state: 'completed', attemptNumber: 1 }]);
    expect(history.refunds).toMatchObject([{ state: 'completed', amount: order.totalPricePaise / 100 }]);
    expect(history.events.some((event) => event.source === 'admin' && event.toState === 'refund_pending')).toBe(true);
  });
});
