import type { Shipment } from '../../core/order';
import { linkClass } from '../components/link-styles';

/**
 * How a shipped order travels: the courier, its tracking number and a link to the courier's tracking page, which
 * opens apart from the shop and learns nothing of it (rel="noopener noreferrer").
 */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="order-shipment">
      <dt className="text-stone-600">Courier</dt>
      <dd className="font-medium">{shipment.courier}</dd>
      <dt className="text-stone-600">Tracking number</dt>
      <dd className="font-mono break-all">{shipment.trackingNumber}</dd>
      <dt className="sr-only">Tracking link</dt>
      <dd className="sm:col-span-2">
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Track the parcel on {shipment.courier}&apos;s website
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </dd>
    </dl>
  );
}
