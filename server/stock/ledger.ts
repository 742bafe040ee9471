import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { StockProducts } from '../platform/stock/face.ts';
import { stockLevels, stockMovements } from './schema.ts';
import { thresholdOf } from './levels.ts';
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

/**
 * New products' levels and the `import` movements of their opening stock, where their ledger starts, in the
 * caller's transaction (the back office's new product, the demo seed).
 */
export async function importStock(tx: Db, opening: readonly { productId: string; stock: number }[]): Promise<void> {
  if (opening.length === 0) return;
  await tx.insert(stockLevels).values(opening.map(({ productId, stock }) => ({ productId, countInStock: stock })));
  const movements = opening
    .filter(({ stock }) => stock !== 0)
    .map(({ productId, stock }) => ({ productId, quantity: stock, kind: 'import' as const }));
  if (movements.length > 0) await tx.insert(stockMovements).values(movements);
}

/** A product's movements, newest first, older than the movement `before` when given; 404 for no such product. */
export async function movementsPage(
  db: Db,
  products: StockProducts,
  productId: string,
  { before, limit }: { before?: number; limit: number },
): Promise<{ movements: StockMovement[]; nextBefore: number | null }> {
  const [product] = await products.describe([productId]);
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

/** Products at or below their low-stock threshold, lowest stock first, then by title. */
export async function lowStockProducts(
  db: Db,
  products: StockProducts,
  defaultThreshold: number,
  limit: number,
): Promise<LowStockItem[]> {
  const threshold = thresholdOf(defaultThreshold);
  const levels = await db
    .select({
      productId: stockLevels.productId,
      countInStock: stockLevels.countInStock,
      threshold: sql<number>`${threshold}`.mapWith(Number),
    })
    .from(stockLevels)
    .where(lte(stockLevels.countInStock, threshold));
  if (levels.length === 0) return [];
  // The titles are the catalogue's: named and ordered here, over the low ones only.
  const named = new Map((await products.describe(levels.map((level) => level.productId))).map((p) => [p.productId, p]));
  const items = levels.flatMap(({ productId, countInStock, threshold }) => {
    const product = named.get(productId);
    return product ? [{ productId, title: product.title, slug: product.slug, countInStock, threshold }] : [];
  });
  return items
    .sort((a, b) => a.countInStock - b.countInStock || order(a.title, b.title) || order(a.productId, b.productId))
    .slice(0, limit);
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
