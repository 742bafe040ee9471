import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/errors.ts';
import { catalogAdminRoutes } from './index.ts';
import { orderTestShop, storedStock } from '../testing/orders.ts';
import { ownerActor } from '../testing/stock.ts';
import { STOCK_MESSAGES, type StockMovement } from '../../core/contracts/admin-stock.ts';

const { shop, supplyProduct } = orderTestShop();
const owner = ownerActor();

/**
 * The stock routes behind a stand-in for the admin guard, which lets the owner through as the real one will
 * (server/admin); the shop's own app, without it, shows what everyone else gets.
 */
let backOffice: FastifyInstance;
beforeAll(async () => {
  backOffice = Fastify({ logger: false });
  backOffice.setValidatorCompiler(validatorCompiler);
  backOffice.setSerializerCompiler(serializerCompiler);
  installErrorHandling(backOffice);
  backOffice.decorateRequest('adminActor', null);
  backOffice.addHook('onRequest', async (request) => {
    request.adminActor = owner;
  });
  await backOffice.register(catalogAdminRoutes, { catalog: shop().services.catalog });
  await backOffice.ready();
});
afterAll(async () => {
  await backOffice?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (method: Method, url: string, payload?: object) => backOffice.inject({ method, url, payload });
const adjust = (productId: string, payload: object) =>
  asAdmin('POST', `/api/admin/products/${productId}/stock`, payload);

describe('the back office stock routes', () => {
  it('refuse anyone the admin guard has not let through with 403', async () => {
    const productId = await supplyProduct({ stock: 3 });
    const routes: Array<[Method, string, object?]> = [
      ['POST', `/api/admin/products/${productId}/stock`, { change: 1, reason: 'Counted' }],
      ['PUT', `/api/admin/products/${productId}/low-stock-threshold`, { threshold: 2 }],
      ['GET', `/api/admin/products/${productId}/stock-movements`],
      ['GET', '/api/admin/stock/low'],
    ];
    for (const [method, url, payload] of routes) {
      const response = await shop().app.inject({ method, url, payload });
      expect(response.statusCode, url).toBe(403);
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
