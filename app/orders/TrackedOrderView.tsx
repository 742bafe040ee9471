import { useEffect, useId, useRef } from 'react';
import { shortOrderId, type TrackedOrder } from '../../core/order';
import { OrderFacts } from './OrderFacts';
import { OrderTimeline } from './OrderTimeline';
import { CourierTracking } from './CourierTracking';
import { ShipmentDetails } from './ShipmentDetails';

/** A tracked order: its id, the spec's fields, the status timeline and the courier's scans. No address or lines. */
export function TrackedOrderView({ order }: { order: TrackedOrder }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The answer appears below the form: take screen-reader and keyboard users to it.
  useEffect(() => headingRef.current?.focus(), [order]);

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 space-y-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
      data-testid="tracked-order"
    >
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          Order ID {shortOrderId(order.orderId)}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Full order id: <span className="break-all font-mono text-stone-800">{order.orderId}</span>
        </p>
      </div>
      <OrderFacts order={order} itemCount={order.itemCount} />
      {order.shipment && (
        <div className="border-t border-stone-200 pt-5">
          <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-600">Shipment</h3>
          <ShipmentDetails shipment={order.shipment} />
        </div>
      )}
      <div className="border-t border-stone-200 pt-5">
        <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-stone-600">Progress</h3>
        <OrderTimeline orderStatus={order.orderStatus} statusHistory={order.statusHistory} />
      </div>
      {order.tracking.length > 0 && (
        <div className="border-t border-stone-200 pt-5">
          <h3 className="mb-4 text-sm font-semibold uppercase tracking-wide text-stone-600">Courier updates</h3>
          <CourierTracking tracking={order.tracking} />
        </div>
      )}
    </section>
  );
}
