/** The back office's reads of products (decision 0036): the filtered list, one product, the categories. */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { StockLevel } from '../platform/stock/face.ts';
import { categories, products } from './schema.ts';
import type { AdminProductListQuery } from '../../core/contracts/admin-products.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Typed text matched literally: LIKE's wildcards and its escape character are escaped. */
const literally = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const words = or(ilike(products.title, literally(q)), ilike(products.slug, literally(q)));
  return UUID.test(q) ? or(words, eq(products.id, q.toLowerCase())) : words;
}

const STOCK_FILTER: Record<NonNullable<AdminProductListQuery['stock']>, (level: StockLevel) => boolean> = {
  in: (level) => level.countInStock > 0,
  out: (level) => level.countInStock === 0,
  low: (level) => level.countInStock <= level.threshold,
};

/** The products whose stock the filter asks for, from the stock module's levels (every product has one). */
function stockOf(stock: AdminProductListQuery['stock'], levels: ReadonlyMap<string, StockLevel>): SQL | undefined {
  if (!stock) return undefined;
  const ids = [...levels].filter(([, level]) => STOCK_FILTER[stock](level)).map(([id]) => id);
  return inArray(products.id, ids);
}

/** One page of products, newest first, and the `before` of the next page (null on the last). */
export async function listProducts(db: Db, query: AdminProductListQuery, levels: ReadonlyMap<string, StockLevel>) {
  const where = and(
    searchOf(query.q),
    query.category ? eq(categories.slug, query.category) : undefined,
    stockOf(query.stock, levels),
    query.hidden === undefined ? undefined : eq(products.hidden, query.hidden),
    query.before
      ? sql`(${products.createdAt}, ${products.id}) < (select created_at, id from ${products} where id = ${query.before})`
      : undefined,
  );
  const rows = await db
    .select({ product: products, category: categories.slug })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { rows: page, next: rows.length > query.limit ? page.at(-1)!.product.id : null };
}

/** The product and its category's slug; `lock` holds its row until the transaction ends. */
export async function productRow(db: Db, productId: string, lock = false) {
  const query = db
    .select({ product: products, category: categories.slug })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, productId));
  const [row] = await (lock ? query.for('no key update', { of: products }) : query);
  return row;
}

export const allCategories = (db: Db) =>
  db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));

/**
 * A slug made from the title ('Brass Diya, Set of 2' → 'brass-diya-set-of-2'), with '-2', '-3'… when taken. Called
 * under a transaction-scoped lock, so two products made at once cannot pick the same one.
 */
export async function freeSlug(tx: Db, title: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products.slug'))`);
  const base = slugOf(title);
  const taken = new Set(
    (
      await tx
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), sql`${products.slug} like ${`${base}-%`}`))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

const SLUG_MAX = 80;
/** Lowercase ASCII words joined by '-'; a title with none (all Devanagari, say) becomes 'product'. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'product';
}
