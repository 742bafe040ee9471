import { eq, inArray, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../platform/db/client.ts';
import { stockLevels, stockMovements } from './schema.ts';
import { HttpError } from '../platform/http/errors.ts';
import type {
  ReservedLine,
  ReturnReference,
  SaleReference,
  StockedProduct,
  StockLevel,
  StockLine,
  StockProducts,
} from '../platform/stock/face.ts';

/**
 * The only writes to stock by orders, called through StockService, which tells the listeners once the caller's
 * transaction commits. Each change writes its movement to the ledger in the same statement (decision 0034), so the
 * stock stays the sum of the product's movements.
 */

/** A product whose stock went from above its low-stock threshold to at or below it. */
export interface LowStockCrossing {
  productId: string;
  title: string;
  countInStock: number;
  threshold: number;
}

interface TakenRow {
  id: string;
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
  sql`coalesce(${stockLevels.lowStockThreshold}, ${defaultThreshold}::int)`;

/** Whether a change from `before` to `after` takes the stock across the threshold, downwards. */
export const crossesLow = (before: number, after: number, threshold: number) =>
  before > threshold && after <= threshold;

/** Takes what is wanted from each level that has enough, locking the levels in product-id order. */
function takeLevels(tx: Db, lines: readonly StockLine[], { kind, orderId }: SaleReference, defaultThreshold: number) {
  return executePrepared<TakenRow>(
    tx,
    `take-stock-${lines.length}`,
    sql`
      with wanted (id, quantity) as (values ${wanted(lines)}),
      locked as (
        select s.product_id from ${stockLevels} s join wanted w on w.id = s.product_id
        order by s.product_id for no key update of s
      ),
      taken as (
        update ${stockLevels} s
        set count_in_stock = s.count_in_stock - w.quantity
        from wanted w, locked l
        where s.product_id = w.id and l.product_id = s.product_id and s.count_in_stock >= w.quantity
        returning s.product_id as id, w.quantity, s.count_in_stock as stock,
          coalesce(s.low_stock_threshold, ${defaultThreshold}::int) as threshold
      ),
      recorded as (
        insert into ${stockMovements} (product_id, quantity, kind, order_id)
        select id, -quantity, ${kind}::text, ${orderId}::text from taken
      )
      select id, stock, threshold, stock + quantity > threshold and stock <= threshold as crossed_low
      from taken`,
  );
}

/**
 * Takes the quantities out of stock inside the caller's transaction; a hidden product sells none. The products are
 * read and share-locked first, then the levels locked and taken, both in product-id order and sent together (one
 * round trip), so concurrent orders never deadlock and never oversell: a level only changes while enough is left. A
 * line that cannot be met aborts the whole order (the caller rolls back what was taken).
 */
export async function reserveStock(
  tx: Db,
  products: StockProducts,
  lines: readonly StockLine[],
  sale: SaleReference,
  defaultThreshold: number,
): Promise<{ reserved: ReservedLine[]; lowStock: LowStockCrossing[] }> {
  const ids = lines.map((line) => line.productId);
  const [found, taken] = await Promise.all([
    products.lockForStock(tx, ids),
    takeLevels(tx, lines, sale, defaultThreshold),
  ]);
  const productOf = new Map(found.map((product) => [product.productId, product]));
  const takenOf = new Map(taken.map((row) => [row.id, row]));
  const missing = lines.find((line) => !takenOf.has(line.productId) || productOf.get(line.productId)?.hidden !== false);
  if (missing) throw await shortfall(tx, productOf.get(missing.productId), missing.productId);
  const reserved = lines.map(({ productId, quantity }) => {
    const { title, image, unitPricePaise } = productOf.get(productId)!;
    return { productId, title, image, unitPricePaise, quantity };
  });
  const lowStock = taken
    .filter((row) => row.crossed_low)
    .map((row) => ({
      productId: row.id,
      title: productOf.get(row.id)!.title,
      countInStock: row.stock,
      threshold: row.threshold,
    }));
  return { reserved, lowStock };
}

/** Why a line could not be reserved, naming the product. */
async function shortfall(tx: Db, product: StockedProduct | undefined, productId: string): Promise<HttpError> {
  // A hidden product is no longer sold (decision 0036), whatever its stock.
  if (!product || product.hidden)
    return new HttpError(400, 'A product in your cart is no longer sold. Please remove it and try again.');
  const [level] = await tx
    .select({ stock: stockLevels.countInStock })
    .from(stockLevels)
    .where(eq(stockLevels.productId, productId));
  const stock = level?.stock ?? 0;
  if (stock === 0) return new HttpError(409, `Sorry, '${product.title}' is out of stock.`);
  return new HttpError(409, `Only ${stock} of '${product.title}' left in stock. Please lower the quantity.`);
}

/**
 * Puts a cancelled order's quantities back, locking levels in the same order as reserveStock (it needs no product
 * row). Answers the products that were out of stock (0) before and are not now: the locking read sees each level as
 * it is under the lock.
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
      select s.product_id, s.count_in_stock as before
      from ${stockLevels} s join wanted w on w.id = s.product_id order by s.product_id for no key update of s
    ),
    released as (
      update ${stockLevels} s
      set count_in_stock = s.count_in_stock + w.quantity
      from wanted w, locked l
      where s.product_id = w.id and l.product_id = s.product_id
      returning s.product_id as id, w.quantity, l.before
    ),
    recorded as (
      insert into ${stockMovements} (product_id, quantity, kind, order_id)
      select id, quantity, ${kind}::text, ${orderId}::text from released
    )
    select id from released where before = 0`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** The levels of the products named, or of every product, with the threshold in force. */
export async function readLevels(
  db: Db,
  defaultThreshold: number,
  productIds?: readonly string[],
): Promise<Map<string, StockLevel>> {
  const rows = await db
    .select({
      productId: stockLevels.productId,
      countInStock: stockLevels.countInStock,
      threshold: sql<number>`${thresholdOf(defaultThreshold)}`.mapWith(Number),
    })
    .from(stockLevels)
    .where(productIds ? inArray(stockLevels.productId, [...productIds]) : undefined);
  return new Map(rows.map(({ productId, ...level }) => [productId, level]));
}
