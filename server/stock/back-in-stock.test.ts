import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import { orderTestShop, storedStock } from '../testing/orders.ts';
import { stockLevels } from './schema.ts';

const { shop, supplyProduct } = orderTestShop();
const cancelled = { kind: 'cancellation', orderId: null } as const;

describe('StockService.onBackInStock', () => {
  it('tells a listener, inside the releasing transaction, of the products that were at 0 and no more', async () => {
    const [soldOut, inStock] = [await supplyProduct({ stock: 0 }), await supplyProduct({ stock: 2 })];
    const { stock, database } = shop().services;
    const heard: Array<{ ids: string[]; stockSeen: number }> = [];
    let failWith: Error | null = null;
    stock.onBackInStock(async (tx: Db, ids) => {
      // The transaction's own view: the stock put back is there before it commits.
      const [row] = await tx
        .select({ stock: stockLevels.countInStock })
        .from(stockLevels)
        .where(eq(stockLevels.productId, ids[0]!));
      heard.push({ ids, stockSeen: row!.stock });
      if (failWith) throw failWith;
    });

    await database.transaction((tx) =>
      stock.releaseStock(
        tx,
        [
          { productId: soldOut, quantity: 3 },
          { productId: inStock, quantity: 1 },
          { productId: null, quantity: 1 },
        ],
        cancelled,
      ),
    );
    expect(heard).toEqual([{ ids: [soldOut], stockSeen: 3 }]);
    expect([await storedStock(shop(), soldOut), await storedStock(shop(), inStock)]).toEqual([3, 3]);

    // Nothing came back from 0 this time: the listener is not called.
    await database.transaction((tx) => stock.releaseStock(tx, [{ productId: soldOut, quantity: 1 }], cancelled));
    expect(heard).toHaveLength(1);

    // A listener's failure undoes the release with the rest of its transaction.
    const another = await supplyProduct({ stock: 0 });
    failWith = new Error('the listener failed');
    await expect(
      database.transaction((tx) => stock.releaseStock(tx, [{ productId: another, quantity: 1 }], cancelled)),
    ).rejects.toThrow('the listener failed');
    expect(await storedStock(shop(), another)).toBe(0);
  });
});
