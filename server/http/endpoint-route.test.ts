import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/contracts/endpoint.ts';
import * as account from '../../core/contracts/account.ts';
import * as adminOrders from '../../core/contracts/admin-orders.ts';
import * as cart from '../../core/contracts/cart.ts';
import * as catalog from '../../core/contracts/catalog.ts';
import * as contact from '../../core/contracts/contact.ts';
import * as operations from '../../core/contracts/operations.ts';
import * as orders from '../../core/contracts/orders.ts';
import * as payments from '../../core/contracts/payments.ts';
import * as reviews from '../../core/contracts/reviews.ts';
import * as wishlist from '../../core/contracts/wishlist.ts';
import { testShopFor } from '../testing/harness.ts';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;
const contracts = [
  account,
  adminOrders,
  cart,
  catalog,
  contact,
  operations,
  orders,
  payments,
  reviews,
  wishlist,
].flatMap((contract) => Object.values(contract).filter(isEndpoint));

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe('endpoint contracts', () => {
  const shop = testShopFor();

  it('serve every API route: each documented route is a contract, with its status codes, and each contract a route', async () => {
    const spec = (await shop().app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    // OpenAPI writes `{orderId}` where Fastify and the contracts write `:orderId`.
    const served = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, { responses }]) => ({
          route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          statuses: Object.keys(responses).sort(),
        })),
      );
    const contracted = contracts.map(({ method, path, responses }) => ({
      route: `${method} ${path}`,
      statuses: Object.keys(responses).sort(),
    }));
    const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
    expect(served.sort(byRoute)).toEqual(contracted.sort(byRoute));
  });
});
