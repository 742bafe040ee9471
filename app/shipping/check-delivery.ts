// What "Check delivery" shows for a PIN, loaded on the first check so the product page's first bundle carries neither
// the contract, the HTTP client nor these sentences (decision 0011).
import { deliveryLines } from '../../core/delivery';
import { estimateDelivery } from '../components/form/delivery-estimate';
import { rememberPin } from '../lib/remembered-pin';

export type Checked = { lines: string[]; served: boolean } | { error: string };

/** Asks about one unit of the product; a PIN the shop could answer for is kept for checkout. */
export async function checkDelivery(pin: string, productId: string): Promise<Checked> {
  const outcome = await estimateDelivery(pin, productId);
  if (!outcome.ok) return { error: outcome.message };
  rememberPin(pin);
  return { lines: deliveryLines(outcome.estimate), served: outcome.estimate.serviceable };
}
