import type { ShopSettings } from './shop.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';

export type ShippingRule = Pick<ShopSettings, 'freeShippingAboveRupees' | 'shippingFeeRupees'>;

export interface PricedLine {
  /** Unit price in rupees. */
  price: number;
  quantity: number;
}

export interface CartPrices {
  itemsPrice: number;
  shippingPrice: number;
  totalPrice: number;
}

/** Spec section 9: shipping is 0 for an empty cart or items above the threshold, else the flat fee. Paise inside. */
export function shippingPaise(itemsPaise: number, rule: ShippingRule): number {
  if (itemsPaise === 0 || itemsPaise > rupeesToPaise(rule.freeShippingAboveRupees)) return 0;
  return rupeesToPaise(rule.shippingFeeRupees);
}

/** Items, shipping and total in rupees with at most 2 decimals; the same rule prices the cart and the order. */
export function priceLines(lines: readonly PricedLine[], rule: ShippingRule): CartPrices {
  const itemsPaise = lines.reduce((sum, line) => sum + rupeesToPaise(line.price) * line.quantity, 0);
  const shipping = shippingPaise(itemsPaise, rule);
  return {
    itemsPrice: paiseToRupees(itemsPaise),
    shippingPrice: paiseToRupees(shipping),
    totalPrice: paiseToRupees(itemsPaise + shipping),
  };
}
