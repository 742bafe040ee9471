// The storefront part of `npm run bench` (issue 23), on the default start (PGlite) and on PostgreSQL: the anonymous
// product page, /shop and the catalogue API beside a bare Node server sending the same bytes, and how soon a stock
// change made through the API shows on a product page answered from a page cache.
import { PGlite } from '@electric-sql/pglite';
import { ORDER_LIMITS, preparePostgresBuyers, signUpBuyers } from './cod-orders.ts';
import {
  describeVisibility,
  measureAgainstCeiling,
  measureStockVisibility,
  printTargets,
  type StockVisibility,
  type TargetResult,
} from './pages.ts';
import { dataDirOf, startShop } from './server-process.ts';

export const PORT = 3250;
/** The second process on the same PostgreSQL database, and the bare Node server of the ceilings. */
const SECOND_PORT = PORT + 4;
const CEILING_PORT = PORT + 5;
/** At least this share of the bare Node server's requests a second, and a change shown within this many ms (p99). */
const CEILING_SHARE = 0.5;
const VISIBLE_WITHIN_MS = 1000;
/** The shops measured here run as `npm start` does: logging at its default level (info), to a file. */
const DEFAULT_LOGGING = { LOG_LEVEL: 'info' };
const logFile = (port: number) => `${dataDirOf(port)}.log`;

export interface CatalogueProduct {
  _id: string;
  slug: string;
}

export async function catalogue(origin: string): Promise<CatalogueProduct[]> {
  const answer = (await (await fetch(`${origin}/api/product/all-products`)).json()) as { products: CatalogueProduct[] };
  return answer.products;
}

export interface StorefrontRun {
  database: string;
  targets: TargetResult[];
  visibility: StockVisibility;
  /** Where the change was made and where it was looked for. */
  processes: string;
}

const targetsFor = (product: CatalogueProduct) => [
  { name: `GET /product/${product.slug} (anonymous page)`, path: `/product/${product.slug}` },
  { name: 'GET /shop (anonymous page)', path: '/shop' },
  { name: 'GET /api/product/all-products', path: '/api/product/all-products' },
];

function report(run: StorefrontRun): StorefrontRun {
  console.log(`\nStorefront on ${run.database}, each beside a bare Node server sending the same bytes:`);
  printTargets(run.targets);
  console.log(describeVisibility(run.processes, run.visibility));
  return run;
}

/**
 * The default start: one process on PGlite, which admits one process per data directory, so the change is made and
 * looked for on the same process. The shopper is let order through PGlite itself while the shop is stopped.
 */
async function measureStorefrontOnPglite(): Promise<StorefrontRun> {
  const signUpShop = await startShop(PORT, ORDER_LIMITS);
  const { tokens, grantSql } = await signUpBuyers(signUpShop.origin, 1).finally(() => signUpShop.stop());
  const pglite = await PGlite.create(`${dataDirOf(PORT)}/pglite`);
  for (const statement of grantSql) await pglite.query(statement);
  await pglite.close();
  const shop = await startShop(
    PORT,
    { ...ORDER_LIMITS, ...DEFAULT_LOGGING },
    { keepData: true, logFile: logFile(PORT) },
  );
  try {
    const [product] = await catalogue(shop.origin);
    return report({
      database: 'PGlite (the default start)',
      targets: await measureAgainstCeiling(shop.origin, targetsFor(product!), CEILING_PORT),
      visibility: await measureStockVisibility(shop.origin, shop.origin, tokens[0]!, product!),
      processes: 'its only process (PGlite admits one), seen on the same process',
    });
  } finally {
    await shop.stop();
  }
}

/** A shop on PostgreSQL; a second process joins it on the same database for the change. */
async function measureStorefrontOnPostgres(databaseUrl: string): Promise<StorefrontRun> {
  const shop = await startShop(
    PORT,
    { ...ORDER_LIMITS, ...DEFAULT_LOGGING, DATABASE_URL: databaseUrl },
    { logFile: logFile(PORT) },
  );
  try {
    return await measureAgainstSecondProcess(shop.origin, databaseUrl, (await catalogue(shop.origin))[0]!);
  } finally {
    await shop.stop();
  }
}

/** The storefront on PGlite, then on PostgreSQL at `databaseUrl` when there is one. */
export async function measureStorefront(databaseUrl: string | null): Promise<StorefrontRun[]> {
  const runs = [await measureStorefrontOnPglite()];
  if (databaseUrl) runs.push(await measureStorefrontOnPostgres(databaseUrl));
  return runs;
}

async function measureAgainstSecondProcess(
  origin: string,
  databaseUrl: string,
  product: CatalogueProduct,
): Promise<StorefrontRun> {
  const targets = await measureAgainstCeiling(origin, targetsFor(product), CEILING_PORT);
  const [token] = await preparePostgresBuyers(origin, databaseUrl, 1);
  const second = await startShop(
    SECOND_PORT,
    { ...ORDER_LIMITS, ...DEFAULT_LOGGING, DATABASE_URL: databaseUrl },
    { logFile: logFile(SECOND_PORT) },
  );
  try {
    return report({
      database: 'PostgreSQL',
      targets,
      visibility: await measureStockVisibility(origin, second.origin, token!, product),
      processes: 'one process, seen on the product page of a second process',
    });
  } finally {
    await second.stop();
  }
}

export function printStorefrontGoals({ database, targets, visibility }: StorefrontRun): void {
  for (const { name, ratio, real } of targets) {
    const met = ratio >= CEILING_SHARE && real.errors === 0;
    console.log(
      `  ${name} at least ${CEILING_SHARE} of bare Node on ${database}: ${ratio.toFixed(2)} ${met ? 'met' : 'NOT met'}`,
    );
  }
  const met = visibility.p99 <= VISIBLE_WITHIN_MS && visibility.uncached === 0;
  console.log(
    `  stock change on the cached product page within ${VISIBLE_WITHIN_MS} ms (p99 over ${visibility.changes}) on ${database}: ` +
      `${visibility.p99} ms ${met ? 'met' : 'NOT met'}`,
  );
}
