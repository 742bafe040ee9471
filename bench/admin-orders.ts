// The back office's order list under load (issue 22): a shop with ADMIN_ORDER_COUNT orders spread over statuses,
// payment methods and states, days and regions, then GET /api/admin/orders with three filters at once (status,
// payment method and a date range), read back to back as admins paging through it would. Goal: p95 ≤ 200 ms on PGlite.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { Secret, TOTP } from 'otpauth';
import { percentiles } from './cod-orders.ts';
import { dataDirOf, startShop } from './server-process.ts';

export const ADMIN_ORDER_COUNT = Number(process.env.BENCH_ADMIN_ORDERS ?? 10_000);
/** Admins reading at once: a small team. */
const READERS = Number(process.env.BENCH_ADMIN_READERS ?? 4);
/** The orders are spread over this many days before now. */
const SPREAD_DAYS = 90;
/** Shoppers the orders belong to. */
const SHOPPERS = 500;

const STATES: Array<[state: string, pincode: string]> = [
  ['Maharashtra', '411001'],
  ['Karnataka', '560001'],
  ['Tamil Nadu', '600001'],
  ['Delhi', '110001'],
  ['West Bengal', '700001'],
  ['Gujarat', '380001'],
  ['Kerala', '682001'],
  ['Telangana', '500001'],
  ['Uttar Pradesh', '226001'],
  ['Rajasthan', '302001'],
];

export interface AdminListLoad {
  reads: number;
  failures: number;
  /** How many orders the measured filters match. */
  matching: number;
  p50: number;
  p95: number;
  p99: number;
}

const literalArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * The SQL that fills a shop's database with `count` orders (each one line and its 'placed' event) of SHOPPERS new
 * shoppers: statuses, methods, payment states, states and PINs in turn, times spread over SPREAD_DAYS. Run it with
 * the shop stopped on PGlite (one process may open it) or at any time on PostgreSQL.
 */
export function adminOrdersFillSql(count = ADMIN_ORDER_COUNT, run = Date.now()): string[] {
  const shopperEmail = `'bench-admin-' || s || '.${run}@example.in'`;
  const states = literalArray(STATES.map(([state]) => state));
  const pincodes = literalArray(STATES.map(([, pincode]) => pincode));
  return [
    `insert into users (full_name, email, phone, email_verified_at)
     select 'Bench Shopper ' || s, ${shopperEmail}, '9' || lpad(s::text, 9, '0'), now()
     from generate_series(1, ${SHOPPERS}) s`,
    `with shoppers as (
       select id, email, row_number() over (order by email) - 1 as position from users
       where email like 'bench-admin-%.${run}@example.in'
     ),
     numbered as (
       -- Each attribute from its own hash of n, so no two go together (shipped orders are of both methods).
       select n, n % ${SHOPPERS} as shopper, abs(hashtext('region' || n)) % ${STATES.length} + 1 as region,
         (array['placed', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled'])[abs(hashtext('status' || n)) % 6 + 1]
           as status,
         case when abs(hashtext('method' || n)) % 3 = 0 then 'prepaid' else 'cod' end as method,
         49900 + (n % 50) * 1000 as items
       from generate_series(1, ${count}) n
     )
     insert into orders (order_id, user_id, email, payment_method, payment_status, paid_at, status,
       items_price_paise, shipping_price_paise, total_price_paise, shipping_address, created_at, updated_at)
     select upper(substr(md5('${run}-' || n), 1, 24)), shoppers.id, shoppers.email, method,
       case
         when method = 'prepaid' then (array['paid', 'paid', 'paid', 'pending', 'failed', 'refunded'])[abs(hashtext('paid' || n)) % 6 + 1]
         when status = 'delivered' then 'paid'
         else 'pending'
       end,
       case when method = 'prepaid' or status = 'delivered' then now() end,
       status, items, 0, items,
       jsonb_build_object('fname', 'Bench', 'lname', 'Shopper ' || shopper, 'address1', n || ' MG Road',
         'address2', '', 'city', 'City', 'state', (${states})[region], 'pincode', (${pincodes})[region],
         'phone', '9' || lpad(shopper::text, 9, '0'), 'email', shoppers.email),
       now() - make_interval(secs => (n::bigint * 7919) % ${SPREAD_DAYS * 86_400}),
       now()
     from numbered join shoppers on shoppers.position = numbered.shopper`,
    `insert into order_items (order_id, product_id, title, image, unit_price_paise, quantity, position)
     select id, null, 'Bench item', null, items_price_paise, 1, 0 from orders
     where email like 'bench-admin-%.${run}@example.in'`,
    `insert into order_status_events (order_id, status, actor, at)
     select id, 'placed', 'shopper', created_at from orders where email like 'bench-admin-%.${run}@example.in'`,
    'analyze orders',
  ];
}

/** Fills the database through `query` (PGlite's or a pg client's). */
export async function fillAdminOrders(
  query: (statement: string) => Promise<unknown>,
  count = ADMIN_ORDER_COUNT,
): Promise<void> {
  for (const statement of adminOrdersFillSql(count)) await query(statement);
}

/** India's date `daysAgo` days before now, as the list's filters take it. */
const indianDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

/** The three filters measured: shipped cash-on-delivery orders of the last 30 days. */
export const adminListPath = () =>
  `/api/admin/orders?status=shipped&paymentMethod=cod&from=${indianDay(30)}&to=${indianDay(0)}&limit=50`;

/** GET the filtered list from READERS keep-alive connections for `seconds`, signed in by `headers` (cookie, …). */
export async function measureAdminOrderList(
  origin: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<AdminListLoad> {
  const path = adminListPath();
  const first = await fetch(`${origin}${path}`, { headers });
  if (!first.ok) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
  const { total: matching } = (await first.json()) as { total: number };
  const latencies: number[] = [];
  let failures = 0;
  const run = (duration: number, record: boolean) =>
    new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${origin}${path}`,
          connections: READERS,
          duration,
          headers: { ...headers, 'accept-encoding': 'br, gzip' },
        },
        (error) => (error ? reject(error) : resolve()),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (!record) return;
        if (statusCode === 200) latencies.push(responseTime);
        else failures++;
      });
    });
  await run(3, false); // JIT and the database's caches settle first
  await run(seconds, true);
  return { reads: latencies.length, failures, matching, ...percentiles(latencies) };
}

export const ADMIN_READERS = READERS;

const withoutDeployment = ({ NODE_ENV: _deployment, ...env }: NodeJS.ProcessEnv) => env;
const ADMIN_EMAIL = 'bench-owner@example.in';
const ADMIN_PASSWORD = 'Bench-Owner-42-kesar';

/** Signs the bench's owner in through the back office's routes: password, then a TOTP code from `secret`. */
async function adminHeaders(origin: string, secret: string): Promise<Record<string, string>> {
  const first = await fetch(`${origin}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!first.ok) throw new Error(`Admin sign-in answered ${first.status}: ${await first.text()}`);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const second = await fetch(`${origin}/api/admin/session/second-factor`, {
    method: 'POST',
    headers: { ...(await sessionHeaders(first)), 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!second.ok) throw new Error(`The admin's code answered ${second.status}: ${await second.text()}`);
  // The second factor issues the session a new cookie and CSRF token (decision 0047).
  return sessionHeaders(second);
}

/** The admin session cookie an answer sets, and the CSRF token in its body. */
async function sessionHeaders(answer: Response): Promise<Record<string, string>> {
  const cookie = answer.headers
    .getSetCookie()
    .find((value) => value.startsWith('admin_session='))!
    .split(';')[0]!;
  return { cookie, 'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

/**
 * The order list on the embedded database, as a newcomer's shop runs: the shop starts once to make its database,
 * then, stopped (PGlite admits one process), gets ADMIN_ORDER_COUNT orders and an owner made by
 * `npm run admin:create`, and starts again to be measured.
 */
export async function measureAdminOrdersOnPglite(port: number, seconds: number): Promise<AdminListLoad> {
  await (await startShop(port, {})).stop();
  const dataDir = path.resolve(dataDirOf(port));
  const pglite = await PGlite.create(`${dataDir}/pglite`);
  await fillAdminOrders((statement) => pglite.query(statement));
  await pglite.close();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-create.ts', '--email', ADMIN_EMAIL, '--password', ADMIN_PASSWORD],
    { env: { ...withoutDeployment(process.env), DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const secret = new URL(stdout.match(/otpauth:\/\/\S+/)![0]).searchParams.get('secret')!;
  // The readers ask from one address as fast as the shop answers, far past the API's general limit (decision 0041).
  const shop = await startShop(port, { API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000' }, { keepData: true });
  try {
    return await measureAdminOrderList(shop.origin, await adminHeaders(shop.origin, secret), seconds);
  } finally {
    await shop.stop();
  }
}
