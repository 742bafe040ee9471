import { Link } from 'react-router';
import type { Order, OrderAddress } from '../../core/order';
import { formatRupees } from '../../core/money';
import { LineThumbnail } from './LineThumbnail';
import { OrderTimeline } from './OrderTimeline';
import { CourierTracking } from './CourierTracking';

const rupees = (amount: number) => formatRupees(amount, { fixedDecimals: true });
const subheading = 'text-sm font-semibold uppercase tracking-wide text-stone-600';

/** The 'View details' disclosure of an order card: lines, totals, address, status timeline, courier scans, full id. */
export function OrderDetails({ order, shortId }: { order: Order; shortId: string }) {
  return (
    <details className="group rounded-md border border-stone-200">
      <summary className="cursor-pointer rounded-md px-4 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        View details<span className="sr-only"> of order {shortId}</span>
      </summary>
      <div className="grid gap-6 border-t border-stone-200 p-4 md:grid-cols-2">
        <div className="space-y-4">
          <h4 className={subheading}>Items</h4>
          <ul className="divide-y divide-stone-100">
            {order.orderItems.map((line, index) => (
              <OrderLineRow key={`${line._id}-${index}`} line={line} />
            ))}
          </ul>
          <dl className="space-y-1 border-t border-stone-200 pt-3 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{rupees(order.itemsPrice)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>{order.shippingPrice === 0 ? 'Free' : rupees(order.shippingPrice)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>Total</dt>
              <dd>{rupees(order.totalPrice)}</dd>
            </div>
          </dl>
        </div>
        <div className="space-y-4">
          <h4 className={subheading}>Shipping address</h4>
          <ShippingAddress address={order.shippingAddress} />
          <h4 className={subheading}>Status</h4>
          <OrderTimeline orderStatus={order.orderStatus} statusHistory={order.statusHistory} />
          {order.tracking.length > 0 && (
            <>
              <h4 className={subheading}>Courier updates</h4>
              <CourierTracking tracking={order.tracking} />
            </>
          )}
          <p className="text-sm text-stone-700">
            Order id: <span className="break-all font-mono">{order.orderId}</span>
          </p>
        </div>
      </div>
    </details>
  );
}

function OrderLineRow({ line }: { line: Order['orderItems'][number] }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <LineThumbnail src={line.image[0]} />
      <div className="min-w-0 text-sm">
        {/* A line whose product has since been removed from the shop has no page to link to. */}
        {line._id ? (
          <Link to={`/product/${line._id}`} className="font-medium hover:text-brand-700 hover:underline">
            {line.title}
          </Link>
        ) : (
          <p className="font-medium">{line.title}</p>
        )}
        <p className="text-stone-600">
          {line.quantity} × {formatRupees(line.price, { fixedDecimals: true })}
        </p>
      </div>
    </li>
  );
}

function ShippingAddress({ address }: { address: OrderAddress }) {
  const { fname, lname, address1, address2, city, state, pincode, phone, email } = address;
  return (
    <address className="text-sm leading-6 not-italic text-stone-800">
      {[fname, lname].filter(Boolean).join(' ')}
      <br />
      {address1}
      {address2 && (
        <>
          <br />
          {address2}
        </>
      )}
      <br />
      {city}, {state} {pincode}
      <br />
      {phone}
      <br />
      <span className="break-all">{email}</span>
    </address>
  );
}
