// What the shop says of a PIN's delivery (issue 34, decision 0075): the product page's "Check delivery" and checkout
// say it alike. Kept apart from the contract so the product page's first bundle carries no schema library.
import { SHORT_MONTHS } from './shop-date.ts';

export const DELIVERY_MESSAGES = {
  codAvailable: 'Cash on delivery available.',
  noCod: 'Cash on delivery is not available for this PIN code.',
  unserved: 'Sorry, we do not deliver to this PIN code yet.',
  productNotFound: 'Product not found',
} as const;

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A delivery date, `YYYY-MM-DD` in India, as the product page says it: 'Wed, 17 Dec' (no Intl, as formatShopDate). */
export function formatDeliveryDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${SHORT_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]}`;
}

export interface DeliveryFacts {
  serviceable: boolean;
  cod: boolean;
  estimatedDeliveryDate: string | null;
}

/** The lines the shopper reads: unserved alone, else the date (when known) and whether cash on delivery is taken. */
export function deliveryLines({ serviceable, cod, estimatedDeliveryDate }: DeliveryFacts): string[] {
  if (!serviceable) return [DELIVERY_MESSAGES.unserved];
  return [
    ...(estimatedDeliveryDate ? [`Delivery by ${formatDeliveryDate(estimatedDeliveryDate)}`] : []),
    cod ? DELIVERY_MESSAGES.codAvailable : DELIVERY_MESSAGES.noCod,
  ];
}
