import { defineModule } from '../platform/kernel/index.ts';
import { databaseFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { stockFace } from '../platform/stock/face.ts';
import { cancelOrderRefund, deliverOrderSteps, ordersFace } from '../platform/orders/face.ts';
import { shippingFace } from '../platform/shipping/face.ts';
import { OrderStatusFlow } from './order-status.ts';
import { ShipOrders } from './ship-orders.ts';
import { adminShipOrdersRoutes } from './ship-orders-routes.ts';

/**
 * Shipping orders through the courier from the back office (issue 34, decision 0077): the shipping module's desk
 * books the parcel, the order moves through packed to shipped as the back office's own moves do (audited, mailed).
 */
export const shipOrdersFlow = defineModule({
  name: 'shipOrders',
  needs: {
    database: databaseFace,
    audit: auditFace,
    stock: stockFace,
    orders: ordersFace,
    shipping: shippingFace,
  },
  create: ({ needs, gather }) => ({
    shipOrders: new ShipOrders({
      database: needs.database,
      orders: needs.orders.orders,
      desk: needs.shipping.desk,
      audit: needs.audit.audit,
      orderStatus: new OrderStatusFlow({
        database: needs.database,
        moves: needs.orders.orderMoves,
        stock: needs.stock.stock,
        cancelSteps: gather(cancelOrderRefund),
        deliveredSteps: gather(deliverOrderSteps),
      }),
    }),
  }),
  adminRoutes: async (scope, { shipOrders }) => {
    await scope.register(adminShipOrdersRoutes, { shipOrders });
  },
});
