import { contribute, defineModule } from '../platform/kernel/index.ts';
import { databaseFace, logFace } from '../platform/faces.ts';
import { stockFace } from '../platform/stock/face.ts';
import { cancelOrderRefund, deliverOrderSteps, ordersFace } from '../platform/orders/face.ts';
import { shippingFace, trackingScans } from '../platform/shipping/face.ts';
import { ApplyScans } from './apply-scan.ts';

interface TrackingFlow {
  /** How a courier's scans change orders (read by the shipping module's webhook and catch-up jobs). */
  scanApplier: ApplyScans;
}

/**
 * A courier's scans applied to orders (issue 34, decision 0074): delivered, returned to origin (its stock back and a
 * paid order refunded, as cancelling does) and the shopper's mails. The shipping module reaches it at
 * `shipping.scans`; cancelling's and delivering's other steps come through `cancelOrder.refund` and
 * `deliverOrder.steps`.
 */
export const trackingFlow = defineModule({
  name: 'trackingFlow',
  needs: {
    database: databaseFace,
    log: logFace,
    stock: stockFace,
    orders: ordersFace,
    shipping: shippingFace,
  },
  create: ({ needs, gather }): TrackingFlow => ({
    scanApplier: new ApplyScans({
      database: needs.database,
      shipments: needs.shipping.shipments,
      orders: needs.orders.orderPayments,
      moves: needs.orders.orderMoves,
      stock: needs.stock.stock,
      refundSteps: gather(cancelOrderRefund),
      deliveredSteps: gather(deliverOrderSteps),
      log: (message) => needs.log.warn(message),
    }),
  }),
  contributes: [contribute(trackingScans, (own: TrackingFlow) => own.scanApplier)],
});
