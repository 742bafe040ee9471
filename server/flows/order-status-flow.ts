import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace } from '../platform/faces.ts';
import { authFace } from '../platform/auth/face.ts';
import { auditFace } from '../platform/audit/face.ts';
import { shippingFace } from '../platform/shipping/face.ts';
import { stockFace } from '../platform/stock/face.ts';
import { cancelOrderRefund, deliverOrderSteps, ordersFace } from '../platform/orders/face.ts';
import { OrderStatusFlow } from './order-status.ts';
import { adminOrderStatusRoutes, orderStatusRoutes } from './order-status-routes.ts';
import { ShipOrders } from './ship-orders.ts';
import { adminShipOrdersRoutes } from './ship-orders-routes.ts';

/**
 * Moving an order along its lifecycle (decision 0063): the shopper's cancellation and the back office's moves. The
 * orders module offers its own steps (`orderMoves`), stock releases a cancelled order's stock, and the other modules'
 * steps come through `cancelOrder.refund` (payments) and `deliverOrder.steps` (reviews). Shipping an order through
 * the courier (decision 0077) is the shipping module's desk booking the parcel, then these same moves.
 */
export const orderStatusFlow = defineModule({
  name: 'orderStatus',
  needs: {
    database: databaseFace,
    auth: authFace,
    stock: stockFace,
    orders: ordersFace,
    audit: auditFace,
    shipping: shippingFace,
  },
  create: ({ needs, gather }) => {
    const orderStatus = new OrderStatusFlow({
      database: needs.database,
      moves: needs.orders.orderMoves,
      stock: needs.stock.stock,
      cancelSteps: gather(cancelOrderRefund),
      deliveredSteps: gather(deliverOrderSteps),
    });
    const shipOrders = new ShipOrders({
      database: needs.database,
      orders: needs.orders.orders,
      desk: needs.shipping.desk,
      audit: needs.audit.audit,
      orderStatus,
    });
    return { orderStatus, shipOrders };
  },
  routes: async (app, { orderStatus }, { auth }) => {
    await app.register(orderStatusRoutes, { orderStatus, hooks: auth.hooks });
  },
  adminRoutes: async (scope, { orderStatus, shipOrders }) => {
    await scope.register(adminOrderStatusRoutes, { orderStatus });
    await scope.register(adminShipOrdersRoutes, { shipOrders });
  },
});
