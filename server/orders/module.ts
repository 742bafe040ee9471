import { z } from 'zod';
import { contribute, defineModule, extensionPoint, face } from '../platform/kernel/index.ts';
import { rupees } from '../platform/kernel/setting-types.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace } from '../platform/auth/face.ts';
import { cartFace } from '../cart/index.ts';
import { stockFace } from '../platform/stock/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace } from '../platform/mail/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { ordersSection } from './dashboard-section.ts';
import type { Step } from '../platform/db/workflow.ts';
import type { OrderPaymentHistory } from '../../core/contracts/admin-orders.ts';
import { OrderService } from './service.ts';
import { PlaceOrder, type PlacingOrder, type PrepaidPayments } from './place-order.ts';
import { OrderPaymentState } from './payment-state.ts';
import type { ChangingStatus } from './lifecycle.ts';
import { orderRoutes } from './routes.ts';
import { adminOrderRoutes } from './admin-routes.ts';

export interface Orders {
  orders: OrderService;
  placeOrder: PlaceOrder;
  /** An order's payment state, as the payments module reads and moves it. */
  orderPayments: OrderPaymentState;
}

export const ordersFace = face<Orders>('orders');
/** The steps a prepaid order adds to placing it, and whether prepaid is on (the payments module's). */
export const placeOrderPrepaid = extensionPoint<PrepaidPayments>('placeOrder.prepaid');
/** Steps of placing every order, written with it in its transaction (the `write` group). */
export const placeOrderSteps = extensionPoint<Step<PlacingOrder>>('placeOrder.steps');
/** Steps of cancelling an order, in its transaction: payments refunds a paid one. */
export const cancelOrderRefund = extensionPoint<Step<ChangingStatus>>('cancelOrder.refund');
/** An order's payments for its back-office page, by the order's row id. */
export const orderPaymentHistory =
  extensionPoint<(orderRowId: string) => Promise<OrderPaymentHistory>>('orderDetail.payments');

export const ordersModule = defineModule({
  name: 'orders',
  settings: z.object({
    FREE_SHIPPING_ABOVE_RUPEES: rupees.default(500),
    SHIPPING_FEE_RUPEES: rupees.default(60),
    /** Cash-on-delivery orders above this total are refused: a returned COD parcel costs the shop both ways. */
    COD_MAX_RUPEES: rupees.default(10_000),
    /** Orders one shopper may place per hour, against scripted order spam that locks up stock. */
    ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  }),
  needs: {
    database: databaseFace,
    shop: shopFace,
    rateLimits: rateLimitsFace,
    audit: auditFace,
    auth: authFace,
    carts: cartFace,
    stock: stockFace,
    jobs: jobsFace,
    mail: mailFace,
  },
  provides: ordersFace,
  create: ({ settings, needs, gather }): Orders => {
    const { database, shop, stock } = needs;
    const orders = new OrderService({
      database,
      auth: needs.auth.auth,
      stock: stock.stock,
      outbox: needs.mail.outbox,
      audit: needs.audit.audit,
      mediaBaseUrl: shop.mediaBaseUrl,
      shopName: shop.name,
      origin: shop.origin,
      cancelSteps: gather(cancelOrderRefund),
      paymentHistory: gather(orderPaymentHistory),
    });
    const placeOrder = new PlaceOrder({
      database,
      auth: needs.auth.auth,
      stock: stock.stock,
      carts: needs.carts.carts,
      jobs: needs.jobs.jobs,
      shipping: {
        freeShippingAboveRupees: settings.FREE_SHIPPING_ABOVE_RUPEES,
        shippingFeeRupees: settings.SHIPPING_FEE_RUPEES,
      },
      codMaxRupees: settings.COD_MAX_RUPEES,
      ordersPerHour: settings.ORDERS_PER_HOUR,
      limiter: new RateLimiter(needs.rateLimits),
      prepaid: gather(placeOrderPrepaid),
      steps: gather(placeOrderSteps),
    });
    return { orders, placeOrder, orderPayments: new OrderPaymentState(database.db, stock.stock) };
  },
  routes: async (app, { orders, placeOrder }, { auth }) => {
    await app.register(orderRoutes, { orders, placeOrder, hooks: auth.hooks, limit: auth.limitAttempts });
  },
  adminRoutes: async (scope, { orders }, { audit }) => {
    await scope.register(adminOrderRoutes, { orders, audit: audit.audit });
  },
  jobs: ({ orders }) => orders.jobs(),
  contributes: [
    contribute(dashboardSections, ({ orders }: Orders) => ({
      position: 10,
      read: () => ordersSection(() => orders.atAGlance()),
    })),
  ],
});
