import { eq, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../db/client.ts';
import { products } from './schema.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Stock belongs to the catalogue: these are the only writes to products' stock, called through CatalogService,
 * which tells its cache once the caller's transaction commits.
 */
export interface StockLine {
  productId: string;
  quantity: number;
}

export interface ReservedLine {
  productId: string;
  title: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

interface ReservedRow {
  id: string;
  title: string;
  images: string[];
  price_paise: number;
}

const wanted = (lines: readonly StockLine[]) =>
  sql.join(
    lines.map(({ productId, quantity }) => sql`(${productId}::uuid, ${quantity}::int)`),
    sql`, `,
  );

/**
 * Takes the quantities out of stock inside the caller's transaction, in one statement. Rows are locked in
 * product-id order, so concurrent orders never deadlock, and a row is only changed while enough is left, so
 * concurrent buyers can never oversell. A line that cannot be met aborts the whole order.
 */
export async function reserveStock(tx: Db, lines: readonly StockLine[]): Promise<ReservedLine[]> {
  const rows = await executePrepared<ReservedRow>(
    tx,
    `reserve-stock-${lines.length}`,
    sql`
      with wanted (id, quantity) as (values ${wanted(lines)}),
      locked as (
        select p.id from ${products} p join wanted w on w.id = p.id order by p.id for no key update of p
      )
      update ${products} p
      set count_in_stock = p.count_in_stock - w.quantity, updated_at = now()
      from wanted w, locked l
      where p.id = w.id and l.id = p.id and p.count_in_stock >= w.quantity
      returning p.id, p.title, p.images, p.price_paise`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = lines.find((line) => !byId.has(line.productId));
  if (missing) throw await shortfall(tx, missing.productId);
  return lines.map(({ productId, quantity }) => {
    const row = byId.get(productId)!;
    return { productId, title: row.title, image: row.images[0] ?? null, unitPricePaise: row.price_paise, quantity };
  });
}

/** Why a line could not be reserved, naming the product. */
async function shortfall(tx: Db, productId: string): Promise<HttpError> {
  const [product] = await tx
    .select({ title: products.title, stock: products.countInStock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return new HttpError(400, 'A product in your cart is no longer sold. Please remove it and try again.');
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
      returning p.id, l.before
    )
    select id from released where before = 0`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}
