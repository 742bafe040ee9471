// Shiprocket's tracking webhooks under load (issue 34, decision 0078): a shop on PostgreSQL with SHIPPED_ORDERS
// shipped cash-on-delivery orders, each with its shipment, takes WEBHOOKS webhooks from WEBHOOK_CONCURRENCY senders
// at once, as Shiprocket posts them: new scans, repeats and scans older than one already sent. Then the job queue
// applies them; the database must hold each distinct (AWB, status id, scan time) once and every webhook applied.
// Goals: p95 ≤ 50 ms, none over 3 s, each applied once.
import { ADDRESS, ORDER_LIMITS, percentiles, preparePostgresBuyers } from './cod-orders.ts';
import { getJson, postJson } from './http-client.ts';
import { dataDirOf, localPostgres, startShop, withClient } from './server-process.ts';

const SHIPPED_ORDERS = 200;
const WEBHOOKS = 1000;
const WEBHOOK_CONCURRENCY = 100;
/** Untimed webhooks first (AWBs the shop did not ship: stored and ignored), so connections and code warm up. */
const WARM_UP_WEBHOOKS = 200;
/** Shiprocket must have its answer within this. */
const ANSWER_DEADLINE_MS = 3000;
/** How long the job queue may take to apply every stored webhook before the bench gives up waiting. */
const APPLY_TIMEOUT_MS = 180_000;
const WEBHOOK_TOKEN = 'bench-tracking-webhook-token';
const BUYERS = 20;
const COURIER = 'Delhivery Surface';

/**
 * The shop's Shiprocket settings: the webhook's token is the one that matters. The API address answers nothing;
 * the bench never asks the courier for anything (the catch-up waits SHIPPING_TRACK_CHECK_HOURS, far past the run).
 */
const SHIPROCKET_SETTINGS = {
  SHIPROCKET_EMAIL: 'bench-api-user@example.in',
  SHIPROCKET_PASSWORD: 'bench-not-used',
  SHIPROCKET_PICKUP_LOCATION: 'Primary',
  SHIPROCKET_PICKUP_PIN: '411001',
  SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  SHIPROCKET_API_URL: 'http://127.0.0.1:9/v1/external',
};

/** Each shipment's scans in the order they happened: picked up, in transit, out for delivery; every 4th delivered. */
const SCANS: Array<{ statusId: number; label: string }> = [
  { statusId: 42, label: 'Picked Up' },
  { statusId: 18, label: 'In Transit' },
  { statusId: 17, label: 'Out For Delivery' },
  { statusId: 7, label: 'Delivered' },
];

interface Scan {
  awb: string;
  statusId: number;
  label: string;
  /** The scan's time, ms since the epoch (UTC). */
  at: number;
}

const two = (n: number) => String(n).padStart(2, '0');
/** India time as Shiprocket writes current_timestamp: `23 05 2023 11:43:52`. */
function indiaTimestamp(at: number): string {
  const india = new Date(at + 5.5 * 3_600_000);
  return (
    `${two(india.getUTCDate())} ${two(india.getUTCMonth() + 1)} ${india.getUTCFullYear()} ` +
    `${two(india.getUTCHours())}:${two(india.getUTCMinutes())}:${two(india.getUTCSeconds())}`
  );
}

/** Shiprocket's webhook body for one scan (the fields of server/shipping/tracking.test.ts). */
const webhookBody = (scan: Scan) => ({
  awb: scan.awb,
  courier_name: COURIER,
  current_status: scan.label.toUpperCase(),
  current_status_id: scan.statusId,
  shipment_status: scan.label.toUpperCase(),
  shipment_status_id: scan.statusId,
  current_timestamp: indiaTimestamp(scan.at),
  order_id: 'bench',
  sr_order_id: 348456385,
  scans: [{ date: '2026-12-01 09:00:00', status: 'X-UCI', activity: scan.label, location: 'Pune_Hub (Maharashtra)' }],
  is_return: 0,
});

/** A small seeded generator, so every run sends the same mix in the same order. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The webhooks to send: every distinct scan once, the rest repeats of them, the whole list shuffled, so that many
 * scans arrive after a newer one of the same shipment (out of order) and a repeat may come before its first.
 */
function webhookMix(awbs: readonly string[], start: number) {
  const distinct: Scan[] = awbs.flatMap((awb, index) =>
    SCANS.slice(0, index % 4 === 3 ? 4 : 3).map((scan, step) => ({ ...scan, awb, at: start + step * 3_600_000 })),
  );
  const random = seeded(34);
  const sent = [...distinct];
  while (sent.length < WEBHOOKS) sent.push(distinct[Math.floor(random() * distinct.length)]!);
  for (let i = sent.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sent[i], sent[j]] = [sent[j]!, sent[i]!];
  }
  const latest = new Map<string, number>();
  const seen = new Set<string>();
  let repeats = 0;
  let outOfOrder = 0;
  for (const scan of sent) {
    const key = `${scan.awb}/${scan.statusId}/${scan.at}`;
    if (seen.has(key)) repeats++;
    else if ((latest.get(scan.awb) ?? 0) > scan.at) outOfOrder++;
    seen.add(key);
    latest.set(scan.awb, Math.max(latest.get(scan.awb) ?? 0, scan.at));
  }
  return { distinct, sent, repeats, outOfOrder, fresh: sent.length - repeats - outOfOrder };
}

/** Places SHIPPED_ORDERS COD orders through the API, then ships them and records their shipments in the database. */
async function shippedOrders(origin: string, databaseUrl: string): Promise<string[]> {
  const tokens = await preparePostgresBuyers(origin, databaseUrl, BUYERS);
  const { products } = await getJson<{ products: Array<{ _id: string }> }>(`${origin}/api/product/all-products`);
  let next = 0;
  const place = async (token: string) => {
    for (let n = next++; n < SHIPPED_ORDERS; n = next++) {
      const answer = await postJson(
        `${origin}/api/orders/create-order`,
        {
          orderItems: [{ _id: products[n % products.length]!._id, quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'cod',
          ageConfirmed: true,
        },
        { authorization: `Bearer ${token}`, 'idempotency-key': `bench-tracking-${n}-${Date.now()}` },
      );
      if (answer.status !== 201 && answer.status !== 200)
        throw new Error(`create-order answered ${answer.status}: ${answer.text}`);
    }
  };
  await Promise.all(tokens.map(place));
  const run = Date.now() % 1_000_000_000;
  // No HTTP route records a shipment yet (the back office's "Create shipment" is being built): the orders move to
  // shipped as the back office leaves them, and their shipments are written as recordShipment writes them.
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ id: string; n: number }>(
      `select id, (row_number() over (order by created_at, id))::int as n from orders where status = 'placed'`,
    );
    if (rows.length < SHIPPED_ORDERS) throw new Error(`Only ${rows.length} orders were placed`);
    const awbs = rows.map(({ n }) => `1904${String(run).padStart(9, '0')}${String(n).padStart(4, '0')}`);
    await db.query('begin');
    await db.query(
      `update orders o set status = 'shipped', courier = $3, tracking_number = s.awb,
         tracking_url = 'https://shiprocket.co/tracking/' || s.awb, updated_at = now()
       from unnest($1::uuid[], $2::text[]) as s(id, awb) where o.id = s.id`,
      [rows.map(({ id }) => id), awbs, COURIER],
    );
    await db.query(
      `insert into order_status_events (order_id, status, actor)
       select id, status, 'shop' from unnest($1::uuid[]) as id, unnest(array['confirmed', 'packed', 'shipped']) as status`,
      [rows.map(({ id }) => id)],
    );
    await db.query(
      `insert into shipments (order_id, courier_order_id, shipment_id, awb, courier_name, tracking_url)
       select s.id, 500000 + s.n, 600000 + s.n, s.awb, $4, 'https://shiprocket.co/tracking/' || s.awb
       from unnest($1::uuid[], $2::int[], $3::text[]) as s(id, n, awb)`,
      [rows.map(({ id }) => id), rows.map(({ n }) => n), awbs, COURIER],
    );
    await db.query('commit');
    return awbs;
  });
}

/** Sends the bodies WEBHOOK_CONCURRENCY at a time; each answer's time in ms, and the answers that were not 200. */
async function send(origin: string, bodies: readonly object[]) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const sender = async () => {
    for (let index = next++; index < bodies.length; index = next++) {
      const started = performance.now();
      const answer = await postJson(`${origin}/api/shipping/tracking`, bodies[index], { 'x-api-key': WEBHOOK_TOKEN });
      latencies.push(performance.now() - started);
      if (answer.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: WEBHOOK_CONCURRENCY }, sender));
  return { latencies, failures };
}

/** Waits until the job queue has applied every stored webhook; how long that took after the last answer, in ms. */
async function appliedWithin(databaseUrl: string): Promise<{ ms: number; unapplied: number }> {
  const started = Date.now();
  return withClient(databaseUrl, async (db) => {
    for (;;) {
      const { rows } = await db.query<{ unapplied: number }>(
        'select count(*)::int as unapplied from tracking_webhooks where applied_at is null',
      );
      const unapplied = rows[0]!.unapplied;
      if (unapplied === 0 || Date.now() - started > APPLY_TIMEOUT_MS) return { ms: Date.now() - started, unapplied };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

/** Each distinct scan's rows in tracking_events: how many are missing, doubled, or not sent at all. */
async function checkApplied(databaseUrl: string, awbs: readonly string[], distinct: readonly Scan[]) {
  const { rows } = await withClient(databaseUrl, (db) =>
    db.query<{ awb: string; status_id: number; at: string; rows: number }>(
      `select awb, status_id, (extract(epoch from at) * 1000)::bigint::text as at, count(*)::int as rows
       from tracking_events where awb = any($1) group by 1, 2, 3`,
      [awbs],
    ),
  );
  const found = new Map(rows.map((row) => [`${row.awb}/${row.status_id}/${row.at}`, row.rows]));
  const expected = new Set(distinct.map((scan) => `${scan.awb}/${scan.statusId}/${scan.at}`));
  const missing = [...expected].filter((key) => !found.has(key)).length;
  const doubled = [...found.values()].filter((count) => count > 1).length;
  const unexpected = [...found.keys()].filter((key) => !expected.has(key)).length;
  return { events: rows.length, missing, doubled, unexpected };
}

export async function measureTrackingWebhooks(port: number): Promise<string[]> {
  const databaseUrl = await localPostgres('shop_bench_tracking');
  if (!databaseUrl) {
    console.log('\nPOST /api/shipping/tracking: skipped, it runs on PostgreSQL only');
    return [];
  }
  // The shop's log to a file: it warns of each warm-up scan of an AWB it did not ship.
  const shop = await startShop(
    port,
    { ...ORDER_LIMITS, ...SHIPROCKET_SETTINGS, DATABASE_URL: databaseUrl },
    { logFile: `${dataDirOf(port)}.log` },
  );
  try {
    const awbs = await shippedOrders(shop.origin, databaseUrl);
    // The scans happened an hour apart, starting a day ago.
    const mix = webhookMix(awbs, Math.floor(Date.now() / 1000) * 1000 - 86_400_000);
    const warmUp = Array.from({ length: WARM_UP_WEBHOOKS }, (_, i) =>
      webhookBody({ awb: `9999${String(i).padStart(8, '0')}`, statusId: 18, label: 'In Transit', at: Date.now() }),
    );
    await send(shop.origin, warmUp);
    await appliedWithin(databaseUrl);
    const { latencies, failures } = await send(shop.origin, mix.sent.map(webhookBody));
    const applied = await appliedWithin(databaseUrl);
    const check = await checkApplied(databaseUrl, awbs, mix.distinct);
    const { p50, p95 } = percentiles(latencies);
    const max = Math.round(Math.max(...latencies) * 10) / 10;
    const late = latencies.filter((ms) => ms > ANSWER_DEADLINE_MS).length;
    const onceEach = applied.unapplied === 0 && check.missing === 0 && check.doubled === 0 && check.unexpected === 0;
    console.log(
      `\nPOST /api/shipping/tracking on PostgreSQL, ${SHIPPED_ORDERS} shipments, ${WEBHOOK_CONCURRENCY} concurrent: ` +
        `${latencies.length} webhooks (${mix.fresh} new scans, ${mix.repeats} repeats, ${mix.outOfOrder} out of order), ` +
        `p50 ${p50} ms, p95 ${p95} ms, max ${max} ms, ${late} over ${ANSWER_DEADLINE_MS / 1000} s; ` +
        `all applied ${applied.ms} ms after the last answer (${applied.unapplied} left); ` +
        `${check.events} of ${mix.distinct.length} distinct scans in tracking_events, ${check.missing} missing, ` +
        `${check.doubled} twice, ${check.unexpected} unexpected` +
        (failures ? `\n  ! ${failures} answered other than 200` : ''),
    );
    return [
      `  tracking webhook p95 at 100 concurrent at most 50 ms on PostgreSQL: ${p95} ms ${p95 <= 50 && failures === 0 ? 'met' : 'NOT met'}`,
      `  tracking webhooks over 3 s: ${late} ${late === 0 && failures === 0 ? 'met' : 'NOT met'}`,
      `  each scan applied once (${mix.distinct.length} distinct in ${latencies.length} webhooks, every webhook applied): ` +
        `${check.events - check.doubled}/${mix.distinct.length} ${onceEach ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await shop.stop();
  }
}
