import { DELIVERY_ESTIMATE_DEFAULT, DISPATCH_WITHIN_HOURS } from '../../core/constants';
import { TruckIcon } from '../components/icons';

interface DeliveryEstimateProps {
  /** The days a delivery takes: 3 to 7 unless the page promises its own range (spec section 9). */
  days?: { min: number; max: number };
}

/** The delivery helper line: when an order is dispatched and how many days it takes to arrive. */
export function DeliveryEstimate({ days = DELIVERY_ESTIMATE_DEFAULT }: DeliveryEstimateProps) {
  return (
    <p className="mt-6 flex items-center gap-2 text-sm text-stone-700">
      <TruckIcon /> Delivery in {days.min} to {days.max} days, dispatched within {DISPATCH_WITHIN_HOURS} hours
    </p>
  );
}
