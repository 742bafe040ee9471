import { beforeAll, describe, expect, it } from 'vitest';
import { orderTestShop, storedStock, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { STOCK_MESSAGES, type StockMovement } from '../../core/contracts/admin-stock.ts';

const { shop, supplyProduct } = orderTestShop();
let owner: SignedInAdmin;
beforeAll(async () => {
  owner = await signedInAdmin(shop());
});

type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (method: Method, url: string, payload?: object) =>
  shop().app.inject({ method, url, payload, headers: owner.headers });
const adjust = (productId: string, payload: object) =>
  asAdmin('POST', `/api/admin/products/${productId}/stock`, payload);

describe('the back office stock routes', () => {
  it('refuse a visitor and a shopper with 403, and change nothing', async () => {
    const productId = await supplyProduct({ stock: 3 });
    const routes: Array<[Method, string, object?]> = [
      ['POST', `/api/admin/products/${productId}/stock`, { change: 1, reason: 'Counted' }],
      ['PUT', `/api/admin/products/${productId}/low-stock-threshold`, { threshold: 2 }],
      ['GET', `/api/admin/products/${productId}/stock-movements`],
      ['GET', '/api/admin/stock/low'],
    ];
    const shopper = await verifiedShopper(shop());
    for (const [method, url, payload] of routes) {
      for (const headers of [{}, shopper.bearer]) {
        const response = await shop().app.inject({ method, url, payload, headers });
        expect(response.statusCode, url).toBe(403);
      }
    }
    expect(await storedStock(shop(), productId)).toBe(3);
  });

  it('POST …/stock adjusts by a signed change with a reason, and answers the new stock and its movement', async () => {
    const productId = await supplyProduct({ stock: 3 });
    const response = await adjust(productId, { change: -2, reason: '  Broken in transit  ' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ countInStock: number; movement: StockMovement }>();
    expect(body.countInStock).toBe(1);
    expect(body.movement).toMatchObject({
      productId,
      quantity: -2,
      kind: 'adjustment',
      reason: 'Broken in transit',
      adminEmail: owner.email,
    });
    expect(new Date(body.movement.createdAt).getTime()).not.toBeNaN();
    const [entry] = await shop().services.audit.search({ targetId: productId, action: 'stock.adjust', limit: 10 });
    expect(entry).toMatchObject({ adminEmail: owner.email, reason: 'Broken in transit' });
    expect([entry!.before, entry!.after]).toEqual([{ countInStock: 3 }, { countInStock: 1 }]);
  });

  it('POST …/stock answers 400 for a missing reason or a bad change, 404 for no product, 409 below 0', async () => {
    const productId = await supplyProduct({ stock: 3 });
    const refused: Array<[object, number, string?]> = [
      [{ change: 1 }, 400, STOCK_MESSAGES.reasonRequired],
      [{ change: 1, reason: ' ' }, 400, STOCK_MESSAGES.reasonRequired],
      [{ change: 0, reason: 'Counted' }, 400, STOCK_MESSAGES.changeZero],
      [{ change: 1.5, reason: 'Counted' }, 400, STOCK_MESSAGES.changeRequired],
      [{ change: '2', reason: 'Counted' }, 400, STOCK_MESSAGES.changeRequired],
      [{ change: 10_000_000, reason: 'Counted' }, 400, STOCK_MESSAGES.changeTooLarge],
      [{ change: -4, reason: 'Counted' }, 409],
    ];
    for (const [payload, status, message] of refused) {
      const response = await adjust(productId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(response.json()).toEqual({ message });
    }
    expect((await adjust('not-a-uuid', { change: 1, reason: 'Counted' })).statusCode).toBe(400);
    expect((await adjust(crypto.randomUUID(), { change: 1, reason: 'Counted' })).json()).toEqual({
      message: STOCK_MESSAGES.productNotFound,
    });
    expect(await storedStock(shop(), productId)).toBe(3);
  });

  it('PUT …/low-stock-threshold sets or clears the threshold; out of range is 400', async () => {
    const productId = await supplyProduct({ stock: 3 });
    const url = `/api/admin/products/${productId}/low-stock-threshold`;
    const set = await asAdmin('PUT', url, { threshold: 2 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ threshold: 2, effectiveThreshold: 2 });
    expect((await asAdmin('PUT', url, { threshold: null })).json()).toEqual({ threshold: null, effectiveThreshold: 5 });
    const audited = await shop().services.audit.search({
      targetId: productId,
      action: 'product.low_stock_threshold',
      limit: 10,
    });
    expect(audited.map((entry) => [entry.adminEmail, entry.before, entry.after])).toEqual([
      [owner.email, { lowStockThreshold: 2 }, { lowStockThreshold: null }],
      [owner.email, { lowStockThreshold: null }, { lowStockThreshold: 2 }],
    ]);
    for (const threshold of [-1, 2.5, 'five', undefined]) {
      const response = await asAdmin('PUT', url, { threshold });
      expect(response.statusCode, String(threshold)).toBe(400);
      expect(response.json()).toEqual({ message: STOCK_MESSAGES.threshold });
    }
  });

  it('GET …/stock-movements pages newest first; GET /api/admin/stock/low lists low products lowest first', async () => {
    const productId = await supplyProduct({ stock: 1 });
    await adjust(productId, { change: 9, reason: 'Restocked' }); // 10: above the threshold of 5
    const url = `/api/admin/products/${productId}/stock-movements`;
    const page = await asAdmin('GET', `${url}?limit=1`);
    expect(page.statusCode).toBe(200);
    const { movements, nextBefore } = page.json<{ movements: StockMovement[]; nextBefore: number | null }>();
    expect(movements.map((movement) => movement.quantity)).toEqual([9]);
    const next = await asAdmin('GET', `${url}?limit=1&before=${nextBefore}`);
    expect(next.json().movements[0].kind).toBe('import');
    expect((await asAdmin('GET', `${url}?limit=0`)).statusCode).toBe(400);
    expect((await asAdmin('GET', `${url}?before=x`)).statusCode).toBe(400);

    const soldOut = await supplyProduct({ stock: 0 });
    const low = await asAdmin('GET', '/api/admin/stock/low?limit=500');
    expect(low.statusCode).toBe(200);
    const products = low.json<{ products: Array<{ productId: string; countInStock: number }> }>().products;
    expect(products[0]!.countInStock).toBe(0);
    expect(products.map((product) => product.productId)).toContain(soldOut);
    expect(products.map((product) => product.productId)).not.toContain(productId);
  });
});
