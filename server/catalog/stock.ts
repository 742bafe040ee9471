import { eq, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../platform/db/client.ts';
import { products, stockMovements } from './schema.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { ReservedLine, ReturnReference, SaleReference, StockLine } from '../platform/catalog/face.ts';

/**
 * Stock belongs to the catalogue: these are the only writes to products' stock by orders, called through
 * CatalogService, which tells its cache once the caller's transaction commits. Each change writes its movement to
 * the ledger in the same statement (decision 0034), so the stock stays the sum of the product's movements.
 */

/** A product whose stock went from above its low-stock threshold to at or below it. */
export interface LowStockCrossing {
  productId: string;
  title: string;
  countInStock: number;
  threshold: number;
}

interface ReservedRow {
  id: string;
  title: string;
  images: string[];
  price_paise: number;
  stock: number;
  threshold: number;
  crossed_low: boolean;
}

const wanted = (lines: readonly StockLine[]) =>
  sql.join(
    lines.map(({ productId, quantity }) => sql`(${productId}::uuid, ${quantity}::int)`),
    sql`, `,
  );

/** A product's threshold in force: its own, or the shop's default. */
export const thresholdOf = (defaultThreshold: number) =>
  sql`coalesce(${products.lowStockThreshold}, ${defaultThreshold}::int)`;

/** Whether a change from `before` to `after` takes the stock across the threshold, downwards. */
export const crossesLow = (before: number, after: number, threshold: number) =>
  before > threshold && after <= threshold;

/**
 * Takes the quantities out of stock inside the caller's transaction, in one statement; a hidden product sells none. Rows are locked in
 * product-id order, so concurrent orders never deadlock, and a row is only changed while enough is left, so
 * concurrent buyers can never oversell. A line that cannot be met aborts the whole order.
 */
export async function reserveStock(
  tx: Db,
  lines: readonly StockLine[],
  { kind, orderId }: SaleReference,
  defaultThreshold: number,
): Promise<{ reserved: ReservedLine[]; lowStock: LowStockCrossing[] }> {
  const rows = await executePrepared<ReservedRow>(
    tx,
    `reserve-stock-${lines.length}`,
    sql`
      with wanted (id, quantity) as (values ${wanted(lines)}),
      locked as (
        select p.id from ${products} p join wanted w on w.id = p.id order by p.id for no key update of p
      ),
      taken as (
        update ${products} p
        set count_in_stock = p.count_in_stock - w.quantity, updated_at = now()
        from wanted w, locked l
        where p.id = w.id and l.id = p.id and p.count_in_stock >= w.quantity and not p.hidden
        returning p.id, p.title, p.images, p.price_paise, w.quantity, p.count_in_stock as stock,
          coalesce(p.low_stock_threshold, ${defaultThreshold}::int) as threshold
      ),
      recorded as (
        insert into ${stockMovements} (product_id, quantity, kind, order_id)
        select id, -quantity, ${kind}::text, ${orderId}::text from taken
      )
      select id, title, images, price_paise, stock, threshold,
        stock + quantity > threshold and stock <= threshold as crossed_low
      from taken`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = lines.find((line) => !byId.has(line.productId));
  if (missing) throw await shortfall(tx, missing.productId);
  const reserved = lines.map(({ productId, quantity }) => {
    const row = byId.get(productId)!;
    return { productId, title: row.title, image: row.images[0] ?? null, unitPricePaise: row.price_paise, quantity };
  });
  const lowStock = rows
    .filter((row) => row.crossed_low)
    .map((row) => ({ productId: row.id, title: row.title, countInStock: row.stock, threshold: row.threshold }));
  return { reserved, lowStock };
}

/** Why a line could not be reserved, naming the product. */
async function shortfall(tx: Db, productId: string): Promise<HttpError> {
  const [product] = await tx
    .select({ title: products.title, stock: products.countInStock, hidden: products.hidden })
    .from(products)
    .where(eq(products.id, productId));
  // A hidden product is no longer sold (decision 0036), whatever its stock.
  if (!product || product.hidden)
    return new HttpError(400, 'A product in your cart is no longer sold. Please remove it and try again.');
  if (product.stock === 0) return new HttpError(409, `Sorry, '${product.title}' is out of stock.`);
  return new HttpError(409, `Only ${product.stock} of '${product.title}' left in stock. Please lower the quantity.`);
}

/**
 * Puts a cancelled order's quantities back, locking rows in the same order as reserveStock. Answers the products
 * that were out of stock (0) before and are not now: the locking read sees each row as it is under the lock.
 */
export async function releaseStock(
  tx: Db,
  lines: readonly { productId: string | null; quantity: number }[],
  { kind, orderId }: ReturnReference,
): Promise<string[]> {
  const known = lines.filter((line): line is StockLine => line.productId !== null && line.quantity > 0);
  if (known.length === 0) return [];
  const result = await tx.execute(sql`
    with wanted (id, quantity) as (values ${wanted(known)}),
    locked as (
      select p.id, p.count_in_stock as before
      from ${products} p join wanted w on w.id = p.id order by p.id for no key update of p
    ),
    released as (
      update ${products} p
      set count_in_stock = p.count_in_stock + w.quantity, updated_at = now()
      from wanted w, locked l
      where p.id = w.id and l.id = p.id
      returning p.id, w.quantity, l.before
    ),
    recorded as (
      insert into ${stockMovements} (product_id, quantity, kind, order_id)
      select id, quantity, ${kind}::text, ${orderId}::text from released
    )
    select id from released where before = 0`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}
