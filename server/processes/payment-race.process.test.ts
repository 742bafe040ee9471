import { describe, expect, test } from 'vitest';
import type { ShopProcess } from '../testing/shop-process.ts';
import { callShop, shopPairFor, verifiedShopperOn } from '../testing/shop-pair.ts';
import { orderBody } from '../testing/orders.ts';
import { PAYMENT_CALLS_PER_MINUTE } from '../payments/routes.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
const ORDERS = 200;
const LANES = 20;
const ORDERS_PER_SHOPPER = PAYMENT_CALLS_PER_MINUTE.createPayment / 2;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 19: a shopper's cancel on one process and the payment's completion on another (by webhook, or by the
 * shopper's status check) race at the same order. Every order must end cancelled and unpaid, paid and not
 * cancelled, or cancelled, paid and refunded, with exactly one refund.
 */
describe.skipIf(!baseUrl)('a cancel racing a payment, across two shop processes on PostgreSQL', () => {
  // Without PhonePe settings, each process serves the simulator, whose state is in the shared database.
  const { database, shopA, shopB } = shopPairFor(baseUrl!, 'shop_race', () => ({
    ORDERS_PER_HOUR: '100000',
    AUTH_ATTEMPTS_PER_MINUTE: '100000',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    JOB_POLL_MS: '200',
  }));

  const post = (shop: ShopProcess, route: string, body: object, headers: Record<string, string> = {}) =>
    callShop(shop, route, { method: 'POST', body: JSON.stringify(body), headers });

  /** One order placed and its payment started on A; then cancel on A against completion on B. */
  async function race(bearer: Record<string, string>, productId: string, byWebhook: boolean) {
    const placed = await post(
      shopA(),
      '/api/orders/create-order',
      orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'prepaid' }),
      bearer,
    );
    expect(placed.status, placed.body).toBe(201);
    const { orderId } = JSON.parse(placed.body) as { orderId: string };
    const payment = await post(shopA(), '/api/payment/create-order', { orderId }, bearer);
    expect(payment.status, payment.body).toBe(200);
    const { merchantOrderId } = JSON.parse(payment.body) as { merchantOrderId: string };

    const complete = async () => {
      // The bank says yes on B's simulator; its webhook goes to B, or only B's status check finds out.
      const paid = await post(shopB(), `/__phonepe/_control/payments/${merchantOrderId}`, {
        outcome: 'COMPLETED',
        webhook: byWebhook,
      });
      expect(paid.status, paid.body).toBe(200);
      await callShop(shopB(), `/api/payment/get-order-status?merchantOrderId=${orderId}`, { headers: bearer });
    };
    const cancel = async () => {
      await pause(Math.random() * 15);
      const answer = await post(shopA(), `/api/orders/${orderId}/cancel`, {}, bearer);
      expect([200, 409], answer.body).toContain(answer.status);
    };
    await Promise.all([complete(), cancel()]);
    return orderId;
  }

  test(
    `${ORDERS} orders: each ends unpaid and cancelled, paid, or cancelled and refunded once`,
    { timeout: 600_000 },
    async () => {
      const { rows: products } = await database().query<{ id: string }>(
        'update stock_levels set count_in_stock = 100000 returning product_id as id',
      );
      const orderIds: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: LANES }, async (_, lane) => {
          // One order at a time each (never 3 unpaid); a new shopper now and then, within the payment call limit.
          let bearer: Record<string, string> = {};
          for (let mine = 0; next < ORDERS; mine++) {
            if (mine % ORDERS_PER_SHOPPER === 0) bearer = await verifiedShopperOn(shopA(), database());
            const n = next++;
            if (n >= ORDERS) break;
            orderIds.push(await race(bearer, products[(lane + n) % products.length]!.id, n % 2 === 0));
          }
        }),
      );

      // Until every payment is applied: no attempt pending, no webhook waiting.
      const unsettled = `select
        (select count(*) from payment_attempts where state = 'pending')::int +
        (select count(*) from jobs where kind = 'payment-webhook' and dead_at is null)::int as left`;
      for (let waited = 0; waited < 120_000; waited += 250) {
        if ((await database().query<{ left: number }>(unsettled)).rows[0]!.left === 0) break;
        await pause(250);
      }
      const { rows } = await database().query<{ status: string; payment_status: string; refunds: number }>(
        `select o.status, o.payment_status,
        (select count(*) from payment_refunds r where r.order_id = o.id)::int as refunds
       from orders o where o.order_id = any($1)`,
        [orderIds],
      );
      expect(rows).toHaveLength(ORDERS);
      const outcome = ({ status, payment_status, refunds }: (typeof rows)[number]) => {
        const refundStates = ['refund_pending', 'refunded', 'refund_failed'];
        if (status === 'cancelled' && ['pending', 'failed', 'expired'].includes(payment_status) && refunds === 0)
          return 'cancelled and unpaid';
        if (status !== 'cancelled' && payment_status === 'paid' && refunds === 0) return 'paid';
        if (status === 'cancelled' && refundStates.includes(payment_status) && refunds === 1) return 'refunded';
        return `wrong: ${status}, ${payment_status}, ${refunds} refunds`;
      };
      const tally: Record<string, number> = {};
      for (const row of rows) tally[outcome(row)] = (tally[outcome(row)] ?? 0) + 1;
      console.log('Cancel against payment:', tally);
      expect(Object.keys(tally).filter((key) => key.startsWith('wrong'))).toEqual([]);
      // Every payment completed at the bank, so none may stay cancelled and unpaid once settled.
      expect(tally['cancelled and unpaid'] ?? 0).toBe(0);
    },
  );
});
