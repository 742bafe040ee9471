import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestShop } from './harness.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import { stockLevels, stockMovements } from '../stock/schema.ts';
import { mailOutbox } from '../mail/schema.ts';

/** An admin past the guard, as the back office's services receive one. */
export const ownerActor = (): AdminActor => ({
  userId: crypto.randomUUID(),
  email: 'owner@example.in',
  role: 'owner',
  ip: '203.0.113.9',
});

/** A product's movements, oldest first, as kind and signed quantity (and the order that made them). */
export async function movementsOf(shop: TestShop, productId: string) {
  return shop.services.database.db
    .select({ kind: stockMovements.kind, quantity: stockMovements.quantity, orderId: stockMovements.orderId })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));
}

/** Every product whose stored stock differs from the sum of its movements: none, when the ledger holds. */
export async function productsOffTheLedger(shop: TestShop) {
  const result = await shop.services.database.db.execute(sql`
    select s.product_id as id, s.count_in_stock as stock, coalesce(sum(m.quantity), 0)::int as ledger
    from ${stockLevels} s left join ${stockMovements} m on m.product_id = s.product_id
    group by s.product_id having s.count_in_stock <> coalesce(sum(m.quantity), 0)`);
  return (result as unknown as { rows: Array<{ id: string; stock: number; ledger: number }> }).rows;
}

/** Checks the invariant: every product's stock is the sum of its movements. */
export async function expectLedgerHolds(shop: TestShop): Promise<void> {
  expect(await productsOffTheLedger(shop)).toEqual([]);
}

/** The low-stock mails queued for the shop about one product. */
export async function lowStockMails(shop: TestShop, productId: string) {
  return shop.services.database.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, shop.services.config.SHOP_EMAIL),
        sql`${mailOutbox.subject} like 'Low stock: %'`,
        sql`${mailOutbox.text} like ${`%/admin/products/${productId}%`}`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt));
}
