// Urgent work behind slow work (issue 33): while a slow gateway (1.5 s a status call) keeps SLOW_CHECKS payment
// status checks waiting, payments' webhooks still reach their orders within about one job's time.
import { webhookAuthorization } from '../simulators/phonepe/index.ts';
import type { SimulatorProcess } from '../server/testing/simulator-process.ts';
import { MAX_UNPAID_PREPAID_ORDERS } from '../core/contracts/payments.ts';
import { postJson } from './http-client.ts';
import { settledPayments, summary, type Latencies, type Payment, type Shoppers } from './prepaid.ts';
import { withClient } from './server-process.ts';

export const SLOW_CHECKS = 60;
export const STATUS_CALL_MS = 1500;
/** Webhooks delivered one at a time, each a little more than a status call after the last. */
const URGENT_WEBHOOKS = 10;
const WEBHOOK_EVERY_MS = STATUS_CALL_MS + 500;
export const SLOW_GATEWAY_SHOPPERS = Math.ceil((SLOW_CHECKS + URGENT_WEBHOOKS) / MAX_UNPAID_PREPAID_ORDERS);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SlowGatewayRun extends Latencies {
  /** Status checks of the slow payments still waiting when the last webhook was applied. */
  checksStillWaiting: number;
}

/**
 * SLOW_CHECKS payments settled at the bank, their status checks made due at once while every status call takes
 * STATUS_CALL_MS; once the shop holds them, URGENT_WEBHOOKS other payments' webhooks, each timed from its delivery
 * until its order is paid (the webhook's own status call included, so 1.5 s of it is the gateway's).
 */
export async function measureWebhooksBehindSlowChecks(
  origin: string,
  shoppers: Shoppers,
  simulator: SimulatorProcess,
  databaseUrl: string,
): Promise<SlowGatewayRun> {
  const payments = await settledPayments(origin, shoppers, simulator, SLOW_CHECKS + URGENT_WEBHOOKS);
  const slow = payments.slice(0, SLOW_CHECKS).map((payment) => payment.merchantOrderId);
  const urgent = payments.slice(SLOW_CHECKS);
  await postJson(`${simulator.url}/_control/faults`, { route: 'status', delayMs: STATUS_CALL_MS, times: 1000 });
  try {
    return await withClient(databaseUrl, async (client) => {
      const slowChecks = `select count(*)::int as n from jobs where kind = 'payment-check'
        and key in (select id::text from payment_attempts where merchant_order_id = any($1))`;
      await client.query(
        `update jobs set run_at = now() where kind = 'payment-check' and key in (select id::text
        from payment_attempts where merchant_order_id = any($1))`,
        [slow],
      );
      // Until the shop has claimed a batch of them: its lane is busy with slow work.
      for (let waited = 0; waited < 10_000; waited += 50) {
        const { rows } = await client.query<{ n: number }>(`${slowChecks} and locked_until > now()`, [slow]);
        if (rows[0]!.n > 0) break;
        await pause(50);
      }
      const sentAt = new Map<string, number>();
      let failures = 0;
      for (const payment of urgent) {
        if (sentAt.size > 0) await pause(WEBHOOK_EVERY_MS);
        sentAt.set(payment.merchantOrderId, Date.now());
        if ((await deliverOnce(origin, simulator, payment)) !== 200) failures++;
      }
      const paidAt = await untilPaid(client, [...sentAt.keys()], 60_000);
      const { rows } = await client.query<{ n: number }>(slowChecks, [slow]);
      const latencies = [...sentAt].flatMap(([id, sent]) => (paidAt.has(id) ? [paidAt.get(id)! - sent] : []));
      return { ...summary(latencies, failures + sentAt.size - latencies.length), checksStillWaiting: rows[0]!.n };
    });
  } finally {
    await fetch(`${simulator.url}/_control/faults`, { method: 'DELETE' });
  }
}

async function deliverOnce(origin: string, simulator: SimulatorProcess, { merchantOrderId, amount }: Payment) {
  const { username, password } = simulator.webhookCredentials;
  const body = { event: 'checkout.order.completed', payload: { merchantOrderId, state: 'COMPLETED', amount } };
  const answer = await postJson(`${origin}/api/payment/webhook`, body, {
    authorization: webhookAuthorization(username, password),
  });
  return answer.status;
}

/** When each attempt's order was paid (the database's clock, this machine's), polling until all are or `withinMs`. */
async function untilPaid(client: import('pg').Client, merchantOrderIds: string[], withinMs: number) {
  const paidAt = new Map<string, number>();
  for (const deadline = Date.now() + withinMs; paidAt.size < merchantOrderIds.length && Date.now() < deadline;) {
    const { rows } = await client.query<{ id: string; paid: Date }>(
      `select a.merchant_order_id as id, o.paid_at as paid from payment_attempts a join orders o on o.id = a.order_id
       where a.merchant_order_id = any($1) and o.payment_status = 'paid'`,
      [merchantOrderIds],
    );
    for (const row of rows) paidAt.set(row.id, row.paid.getTime());
    await pause(25);
  }
  return paidAt;
}
