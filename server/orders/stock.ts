import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../catalog/schema.ts';
import { HttpError } from '../http/errors.ts';

export interface ReservedLine {
  productId: string;
  title: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

/** Lines sorted by product id, so concurrent transactions lock product rows in one order and never deadlock. */
const byProductId = <T extends { productId: string }>(lines: readonly T[]) =>
  [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));

/**
 * Takes the quantities out of stock inside the caller's transaction. Each UPDATE only succeeds while enough
 * is left, so concurrent buyers can never oversell; a line that cannot be met aborts the whole order.
 */
export async function reserveStock(
  tx: Db,
  lines: readonly { productId: string; quantity: number }[],
): Promise<ReservedLine[]> {
  const reserved: ReservedLine[] = [];
  for (const { productId, quantity } of byProductId(lines)) {
    const [row] = await tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} - ${quantity}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), gte(products.countInStock, quantity)))
      .returning({ title: products.title, images: products.images, pricePaise: products.pricePaise });
    if (!row) throw await shortfall(tx, productId);
    reserved.push({
      productId,
      title: row.title,
      image: row.images[0] ?? null,
      unitPricePaise: row.pricePaise,
      quantity,
    });
  }
  return reserved;
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

/** Puts a cancelled order's quantities back, in the same lock order as reserveStock. */
export async function restoreStock(
  tx: Db,
  lines: readonly { productId: string | null; quantity: number }[],
): Promise<void> {
  const known = lines.filter((line): line is { productId: string; quantity: number } => line.productId !== null);
  for (const { productId, quantity } of byProductId(known)) {
    await tx
      .update(products)
      .set({ countInStock: sql`${products.countInStock} + ${quantity}`, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
  }
}
