/**
 * Each endpoint contract's OpenAPI operationId: its exported name without "Endpoint" (`signUpEndpoint` → `signUp`),
 * so a generated client's method is named as the storefront's code names the call. A new contract file is added here;
 * the endpoint-route test fails for a served route whose contract is not.
 */
import * as account from '../../../core/contracts/account.ts';
import * as adminAudit from '../../../core/contracts/admin-audit.ts';
import * as adminDashboard from '../../../core/contracts/admin-dashboard.ts';
import * as adminMessages from '../../../core/contracts/admin-messages.ts';
import * as adminOrders from '../../../core/contracts/admin-orders.ts';
import * as adminProducts from '../../../core/contracts/admin-products.ts';
import * as adminReviews from '../../../core/contracts/admin-reviews.ts';
import * as adminSession from '../../../core/contracts/admin-session.ts';
import * as adminShipping from '../../../core/contracts/admin-shipping.ts';
import * as adminStock from '../../../core/contracts/admin-stock.ts';
import * as analytics from '../../../core/contracts/analytics.ts';
import * as cart from '../../../core/contracts/cart.ts';
import * as catalog from '../../../core/contracts/catalog.ts';
import * as contact from '../../../core/contracts/contact.ts';
import * as operations from '../../../core/contracts/operations.ts';
import * as orders from '../../../core/contracts/orders.ts';
import * as payments from '../../../core/contracts/payments.ts';
import * as reviews from '../../../core/contracts/reviews.ts';
import * as shipping from '../../../core/contracts/shipping.ts';
import * as wishlist from '../../../core/contracts/wishlist.ts';
import type { Endpoint } from '../../../core/contracts/endpoint.ts';

const modules: readonly Record<string, unknown>[] = [
  account,
  adminAudit,
  adminDashboard,
  adminMessages,
  adminOrders,
  adminProducts,
  adminReviews,
  adminSession,
  adminShipping,
  adminStock,
  analytics,
  cart,
  catalog,
  contact,
  operations,
  orders,
  payments,
  reviews,
  shipping,
  wishlist,
];

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

const operationIds = new Map<Endpoint, string>(
  modules.flatMap((exports) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, endpoint]) => [endpoint, name.replace(/Endpoint$/, '')]),
  ),
);

/** The contract's operationId; a contract exported from no listed file is a programming error. */
export function operationIdOf(endpoint: Endpoint): string {
  const id = operationIds.get(endpoint);
  if (!id) throw new Error(`${endpoint.method} ${endpoint.path}: its contract file is not listed in operation-ids.ts`);
  return id;
}
