import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { control, paymentTestWorld, runJobNow } from '../testing/payments.ts';
import { queuedMails } from '../testing/orders.ts';
import { REFUND_JOB } from './reconciliation.ts';
import { paymentRefunds } from './schema.ts';

const world = paymentTestWorld();
const { shop, simulator, paidState, waitForPayment } = world;

describe('refunds of cancelled paid orders', () => {
  /** A paid order, cancelled by its shopper, whose refund was sent to the gateway (`beforeSending` first). */
  async function cancelledPaidOrder(beforeSending: () => Promise<unknown> = async () => {}) {
    const { orderId, order, refund } = await world.cancelledPaidOrder();
    await beforeSending();
    await runJobNow(shop(), REFUND_JOB, refund.id);
    expect(
      (await shop().services.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)))[0]!
        .state,
    ).toBe('pending');
    return { orderId, order, refund };
  }

  it('completes from its webhook, with a mail', async () => {
    const { orderId, order, refund } = await cancelledPaidOrder();
    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
    expect(await queuedMails(shop(), order.email, `Refund completed: #${orderId.slice(-6)}`)).toHaveLength(1);
  });

  it('completes from its status check when the webhook is lost', async () => {
    const { orderId, refund } = await cancelledPaidOrder();
    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED', webhook: false });
    await runJobNow(shop(), REFUND_JOB, refund.id);
    expect(await paidState(orderId)).toBe('refunded');
  });

  it('is not failed when the answer to sending it is lost: the retry finds it at the gateway', async () => {
    const lostAnswer = { route: 'refund', status: 503, afterProcessing: true };
    const { orderId, refund } = await cancelledPaidOrder(() => control(simulator(), 'faults', lostAnswer));
    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
  });

  it('is not failed when an earlier run sent it and its answer never came back', async () => {
    const { orderId, order, refund } = await cancelledPaidOrder();
    // The job runs again with the refund still 'requested', as after a process stopped before recording it.
    await shop()
      .services.database.db.update(paymentRefunds)
      .set({ state: 'requested' })
      .where(eq(paymentRefunds.id, refund.id));
    await runJobNow(shop(), REFUND_JOB, refund.id);
    const [again] = await shop()
      .services.database.db.select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id));
    expect(again!.state).toBe('pending');
    await control(simulator(), `refunds/${refund.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await waitForPayment(orderId, 'refunded')).toBe('refunded');
  });
});
