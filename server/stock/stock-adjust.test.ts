import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogProduct,
  orderBody,
  orderTestShop,
  placedOrderId,
  storedStock,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { expectLedgerHolds, lowStockMails, movementsOf, ownerActor } from '../testing/stock.ts';
import { belowZeroMessage, STOCK_MESSAGES } from '../../core/contracts/admin-stock.ts';

const { shop, supplyProduct } = orderTestShop();
let shopper: Shopper;
beforeAll(async () => {
  shopper = await verifiedShopper(shop());
});

const owner = ownerActor();
const adjust = (productId: string, change: number, reason = 'Counted the shelf') =>
  shop().services.stock.adjustStock(owner, productId, { change, reason });
const buy = (productId: string, quantity: number) =>
  placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity }]));
const auditOf = (productId: string, action: string) =>
  shop().services.audit.search({ targetId: productId, action, limit: 10 });

describe('StockService.adjustStock', () => {
  it('changes the stock by a signed amount, as an adjustment movement with its reason and admin, and audits it', async () => {
    const productId = await supplyProduct({ stock: 7 });
    const added = await adjust(productId, 5, 'A delivery from the workshop');
    expect(added.countInStock).toBe(12);
    expect(added.movement).toMatchObject({
      productId,
      quantity: 5,
      kind: 'adjustment',
      orderId: null,
      reason: 'A delivery from the workshop',
      adminEmail: owner.email,
    });
    expect(await storedStock(shop(), productId)).toBe(12);
    // The catalogue's cache follows at once, as it does for orders.
    expect((await catalogProduct(shop(), productId)).countInStock).toBe(12);

    const [entry] = await auditOf(productId, 'stock.adjust');
    expect(entry).toMatchObject({
      adminEmail: owner.email,
      targetType: 'product',
      reason: 'A delivery from the workshop',
      ip: owner.ip,
    });
    expect([entry!.before, entry!.after]).toEqual([{ countInStock: 7 }, { countInStock: 12 }]);
    await expectLedgerHolds(shop());
  });

  it('refuses to take the stock below 0 with 409, and writes nothing', async () => {
    const productId = await supplyProduct({ stock: 2 });
    const { title } = await catalogProduct(shop(), productId);
    const before = await movementsOf(shop(), productId);
    await expect(adjust(productId, -3)).rejects.toMatchObject({
      statusCode: 409,
      message: belowZeroMessage(title, 2, -3),
    });
    expect(await storedStock(shop(), productId)).toBe(2);
    expect(await movementsOf(shop(), productId)).toEqual(before);
    expect(await auditOf(productId, 'stock.adjust')).toEqual([]);

    // Down to exactly 0 is allowed.
    expect((await adjust(productId, -2)).countInStock).toBe(0);
  });

  it('requires a reason (400), and a product that exists (404)', async () => {
    const productId = await supplyProduct({ stock: 4 });
    const before = await movementsOf(shop(), productId);
    const { stock } = shop().services;
    for (const reason of ['', '   ']) {
      await expect(stock.adjustStock(owner, productId, { change: 1, reason })).rejects.toMatchObject({
        statusCode: 400,
        message: STOCK_MESSAGES.reasonRequired,
      });
    }
    await expect(adjust(crypto.randomUUID(), 1)).rejects.toMatchObject({ statusCode: 404 });
    expect(await movementsOf(shop(), productId)).toEqual(before);
  });

  it('keeps the ledger whole when adjustments and sales of one product race', async () => {
    const productId = await supplyProduct({ stock: 30 });
    await Promise.all([
      ...[3, -2, 4, -1, 2].map((change) => adjust(productId, change)),
      ...[1, 2, 1, 3].map((quantity) => buy(productId, quantity)),
    ]);
    expect(await storedStock(shop(), productId)).toBe(30 + 6 - 7);
    await expectLedgerHolds(shop());
  });

  it('tells the back-in-stock listeners when it brings a product back from 0', async () => {
    const productId = await supplyProduct({ stock: 0 });
    const heard: string[][] = [];
    shop().services.stock.onBackInStock(async (_tx, ids) => void heard.push(ids));
    await adjust(productId, 3);
    await adjust(productId, 1);
    expect(heard.filter((ids) => ids.includes(productId))).toEqual([[productId]]);
  });
});

describe('low stock', () => {
  const threshold = 5; // LOW_STOCK_THRESHOLD's default

  it('mails the shop once when a sale or an adjustment crosses the threshold, not while it stays below', async () => {
    const productId = await supplyProduct({ stock: 8 });
    const { title } = await catalogProduct(shop(), productId);
    const mails = async () => (await lowStockMails(shop(), productId)).length;

    await buy(productId, 2); // 8 → 6: above
    expect(await mails()).toBe(0);
    await buy(productId, 1); // 6 → 5: crosses
    expect(await mails()).toBe(1);
    await buy(productId, 1); // 5 → 4: stays below
    await adjust(productId, -1); // 4 → 3: stays below
    expect(await mails()).toBe(1);
    await adjust(productId, 7); // 3 → 10: above again, no mail
    expect(await mails()).toBe(1);
    await adjust(productId, -6, 'Sent to the exhibition'); // 10 → 4: crosses again
    expect(await mails()).toBe(2);

    const [first, second] = await lowStockMails(shop(), productId);
    const origin = shop().services.origin;
    expect(first!.subject).toBe(`Low stock: ${title} (${threshold} left)`);
    expect(second!.subject).toBe(`Low stock: ${title} (4 left)`);
    expect(second!.text).toContain(`at or below its low-stock threshold of ${threshold}`);
    expect(second!.text).toContain(`${origin}/admin/products/${productId}`);
    expect(second!.html).toContain(`href="${origin}/admin/products/${productId}"`);
    await expectLedgerHolds(shop());
  });

  it('sends no mail when the change that would cross is refused', async () => {
    const productId = await supplyProduct({ stock: 6 });
    await expect(adjust(productId, -7)).rejects.toMatchObject({ statusCode: 409 });
    const shortOrder = await shop().app.inject({
      method: 'POST',
      url: '/api/orders/create-order',
      headers: shopper.bearer,
      payload: orderBody([{ _id: productId, quantity: 7 }]),
    });
    expect(shortOrder.statusCode).toBe(409);
    expect(await lowStockMails(shop(), productId)).toEqual([]);
  });

  it("follows a product's own threshold, audited, and lists the low products lowest first", async () => {
    const { stock } = shop().services;
    const [roomy, scarce, soldOut] = [
      await supplyProduct({ stock: 3 }),
      await supplyProduct({ stock: 2 }),
      await supplyProduct({ stock: 0 }),
    ];
    const listed = async () => (await stock.lowStock(500)).map((item) => item.productId);
    expect(await listed()).toEqual(expect.arrayContaining([roomy, scarce, soldOut]));

    expect(await stock.setLowStockThreshold(owner, roomy, 1)).toEqual({ threshold: 1, effectiveThreshold: 1 });
    expect(await listed()).not.toContain(roomy);
    const [entry] = await auditOf(roomy, 'product.low_stock_threshold');
    expect([entry!.before, entry!.after]).toEqual([{ lowStockThreshold: null }, { lowStockThreshold: 1 }]);

    await buy(roomy, 2); // 3 → 1: crosses its own threshold of 1
    expect(await lowStockMails(shop(), roomy)).toHaveLength(1);
    expect(await listed()).toContain(roomy);

    const low = await stock.lowStock(500);
    const stocks = low.map((item) => item.countInStock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(low.find((item) => item.productId === scarce)).toMatchObject({ countInStock: 2, threshold });
    expect(low.find((item) => item.productId === roomy)).toMatchObject({ countInStock: 1, threshold: 1 });

    expect(await stock.setLowStockThreshold(owner, roomy, null)).toEqual({
      threshold: null,
      effectiveThreshold: threshold,
    });
    await expect(stock.setLowStockThreshold(owner, crypto.randomUUID(), 3)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('StockService.stockMovements', () => {
  it('pages a product’s movements newest first', async () => {
    const productId = await supplyProduct({ stock: 10 });
    for (const change of [1, 2, 3, 4]) await adjust(productId, change);
    const { stock } = shop().services;
    const first = await stock.stockMovements(productId, { limit: 2 });
    expect(first.movements.map((movement) => movement.quantity)).toEqual([4, 3]);
    const second = await stock.stockMovements(productId, { limit: 2, before: first.nextBefore! });
    expect(second.movements.map((movement) => movement.quantity)).toEqual([2, 1]);
    const last = await stock.stockMovements(productId, { limit: 2, before: second.nextBefore! });
    // The product's opening stock: the seed's, then the test's.
    expect(last).toMatchObject({ nextBefore: null });
    expect(new Set(last.movements.map((movement) => movement.kind))).toEqual(new Set(['import']));
    expect(last.movements.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(10);
    await expect(stock.stockMovements(crypto.randomUUID(), { limit: 2 })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});
