import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import { products, stockMovements } from './schema.ts';
import { thresholdOf } from './stock.ts';
import { STOCK_MESSAGES, type LowStockItem, type StockMovement } from '../../core/contracts/admin-stock.ts';

export type StockMovementRow = typeof stockMovements.$inferSelect;
type NewMovement = typeof stockMovements.$inferInsert;

/** A ledger row as the back office shows it. */
export const toMovement = (row: StockMovementRow): StockMovement => ({
  id: row.id,
  productId: row.productId,
  quantity: row.quantity,
  kind: row.kind,
  orderId: row.orderId,
  reason: row.reason,
  adminEmail: row.adminEmail,
  createdAt: row.createdAt.toISOString(),
});

/** Writes one movement in the caller's transaction; the caller changes count_in_stock by as much in it. */
export async function recordMovement(tx: Db, movement: NewMovement): Promise<StockMovementRow> {
  const [row] = await tx.insert(stockMovements).values(movement).returning();
  return row!;
}

/** The `import` movements of new products' opening stock: where their ledger starts. */
export async function recordOpeningStock(tx: Db, opening: readonly { productId: string; stock: number }[]) {
  const movements = opening
    .filter(({ stock }) => stock !== 0)
    .map(({ productId, stock }) => ({ productId, quantity: stock, kind: 'import' as const }));
  if (movements.length > 0) await tx.insert(stockMovements).values(movements);
}

/** A product's movements, newest first, older than the movement `before` when given; 404 for no such product. */
export async function movementsPage(
  db: Db,
  productId: string,
  { before, limit }: { before?: number; limit: number },
): Promise<{ movements: StockMovement[]; nextBefore: number | null }> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new HttpError(404, STOCK_MESSAGES.productNotFound);
  // Ordered as the index is (time, then id), so a page is one index range; `before` names the row to go past.
  const olderThan = before
    ? sql`(${stockMovements.createdAt}, ${stockMovements.id}) < (select created_at, id from ${stockMovements} where id = ${before})`
    : undefined;
  const rows = await db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), olderThan))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { movements: page.map(toMovement), nextBefore: rows.length > limit ? page.at(-1)!.id : null };
}

/** Products at or below their low-stock threshold, lowest stock first. */
export async function lowStockProducts(db: Db, defaultThreshold: number, limit: number): Promise<LowStockItem[]> {
  const threshold = thresholdOf(defaultThreshold);
  return db
    .select({
      productId: products.id,
      title: products.title,
      slug: products.slug,
      countInStock: products.countInStock,
      threshold: sql<number>`${threshold}`.mapWith(Number),
    })
    .from(products)
    .where(lte(products.countInStock, threshold))
    .orderBy(asc(products.countInStock), asc(products.title), asc(products.id))
    .limit(limit);
}
