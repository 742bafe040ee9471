// The locks a reservation holds (decision 0062): the product's row, shared, so the price and title it read stay
// until it ends, and the level, so a second buyer of the same product waits for it. PostgreSQL only: PGlite has one
// connection, so nothing else runs beside a transaction there.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import { orderTestShop, storedStock } from '../testing/orders.ts';
import { products } from '../catalog/schema.ts';
import { stockLevels } from './schema.ts';

const { shop, supplyProduct } = orderTestShop();
const sale = { kind: 'sale', orderId: null } as const;
/** Rolls the holding transaction back once the test has looked. */
class Undo extends Error {}

/** Runs `look` from another connection while a reservation of one unit of `productId` is open and uncommitted. */
async function whileReserved(productId: string, look: () => Promise<void>): Promise<void> {
  const { database, stock } = shop().services;
  await expect(
    database.transaction(async (tx) => {
      await stock.reserveStock(tx, [{ productId, quantity: 1 }], sale);
      await look();
      throw new Undo();
    }),
  ).rejects.toBeInstanceOf(Undo);
}

/** The error `write` ends with when it waits for a lock longer than 200 ms, in a transaction of its own. */
async function blockedBy(write: (tx: Db) => Promise<unknown>): Promise<string | undefined> {
  const error = await shop()
    .services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '200ms'`);
      await write(tx);
    })
    .then(
      () => undefined,
      (failure: { cause?: { code?: string }; code?: string }) => failure.cause?.code ?? failure.code,
    );
  return error;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')("a reservation's locks", () => {
  it("holds the product's row against a price change, and its level against a second reservation", async () => {
    const productId = await supplyProduct({ stock: 5, pricePaise: 40_000 });
    await whileReserved(productId, async () => {
      // 55P03: lock_not_available, the write waited for the reservation's lock.
      const reprice = (tx: Db) => tx.update(products).set({ pricePaise: 39_000 }).where(eq(products.id, productId));
      expect(await blockedBy(reprice)).toBe('55P03');
      const take = (tx: Db) =>
        tx.update(stockLevels).set({ countInStock: 4 }).where(eq(stockLevels.productId, productId));
      expect(await blockedBy(take)).toBe('55P03');
      // A plain read waits for nothing: the catalogue's copy reloads while checkouts run.
      const read = (tx: Db) => tx.select().from(products).where(eq(products.id, productId));
      expect(await blockedBy(read)).toBeUndefined();
    });
    expect(await storedStock(shop(), productId)).toBe(5);
  });
});
