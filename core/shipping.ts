import { formatRupees } from './money.ts';
import type { ShippingRule } from './pricing.ts';

/** The banner line, following the one shipping setting (decision 0001). */
export function freeShippingMessage(rule: ShippingRule): string {
  return rule.freeShippingAboveRupees === 0
    ? 'Free shipping on all orders'
    : `Free shipping on all orders above ${formatRupees(rule.freeShippingAboveRupees)}`;
}
