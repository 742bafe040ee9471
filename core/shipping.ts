import type { ShopSettings } from './shop.ts';
import { formatRupees } from './money.ts';

type ShippingRule = Pick<ShopSettings, 'freeShippingAboveRupees' | 'shippingFeeRupees'>;

/** The banner line, following the one shipping setting (decision 0001). */
export function freeShippingMessage(rule: ShippingRule): string {
  return rule.freeShippingAboveRupees === 0
    ? 'Free shipping on all orders'
    : `Free shipping on all orders above ${formatRupees(rule.freeShippingAboveRupees)}`;
}
