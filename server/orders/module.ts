import { contribute, defineModule } from '../platform/kernel/index.ts';
import { databaseFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace } from '../platform/auth/face.ts';
import { jobsFace } from '../platform/work/jobs.ts';
import { mailFace } from '../platform/mail/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { metricsGauges } from '../platform/metrics/face.ts';
import { orderPaymentHistory, ordersFace, orderTracking, type PlacedOrders } from '../platform/orders/face.ts';
import { ordersSection } from './dashboard-section.ts';
import { OrderService } from './service.ts';
import { OrderLifecycle } from './lifecycle.ts';
import { OrderPaymentState } from './payment-state.ts';
import { placedOrders } from './placed-orders.ts';
import { orderRoutes } from './routes.ts';
import { adminOrderRoutes } from './admin-routes.ts';

export interface Orders {
  orders: OrderService;
  /** An order's payment state, as the payments module reads and moves it. */
  orderPayments: OrderPaymentState;
  /** Its part in the placeOrder flow: writing the order the flow priced. */
  placedOrders: PlacedOrders;
  /** Its part in the orderStatus flow: finding, moving, mailing and showing an order that changes status. */
  orderMoves: OrderLifecycle;
}

export const ordersModule = defineModule({
  name: 'orders',
  needs: {
    database: databaseFace,
    shop: shopFace,
    audit: auditFace,
    auth: authFace,
    jobs: jobsFace,
    mail: mailFace,
  },
  provides: ordersFace,
  create: ({ needs, gather }): Orders => {
    const { database, shop } = needs;
    const mailing = { mediaBaseUrl: shop.mediaBaseUrl, shopName: shop.name, origin: shop.origin };
    const tracking = gather(orderTracking);
    const orders = new OrderService({
      database,
      auth: needs.auth.auth,
      outbox: needs.mail.outbox,
      ...mailing,
      paymentHistory: gather(orderPaymentHistory),
      tracking,
    });
    return {
      orders,
      orderPayments: new OrderPaymentState(database.db),
      placedOrders: placedOrders(database.db, needs.jobs.jobs),
      orderMoves: new OrderLifecycle({
        db: database.db,
        auth: needs.auth.auth,
        outbox: needs.mail.outbox,
        audit: needs.audit.audit,
        ...mailing,
        tracking,
      }),
    };
  },
  routes: async (app, { orders }, { auth }) => {
    await app.register(orderRoutes, { orders, hooks: auth.hooks, limit: auth.limitAttempts });
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
    // The orders by payment method and state, read from the table at each scrape (decision 0066).
    contribute(metricsGauges, ({ orderPayments }: Orders) => ({
      name: 'shop_orders',
      help: 'Orders by payment method and payment status',
      labelNames: ['payment_method', 'payment_status'],
      read: async () =>
        (await orderPayments.countsByPayment()).map((row) => ({
          labels: { payment_method: row.paymentMethod, payment_status: row.paymentStatus },
          value: row.count,
        })),
    })),
  ],
});
