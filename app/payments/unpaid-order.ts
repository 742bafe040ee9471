import { tabStorage } from './tab-storage';

/**
 * The prepaid order this tab placed and has not paid yet. Placing an order and paying for it are two steps: when
 * the shopper cancels or fails the payment and clicks Place Order again for the same cart and address, checkout
 * starts a new payment attempt for this order instead of placing a second one (which would hold the stock twice).
 */

/** Where this tab remembers it (sessionStorage: one checkout per tab, gone with the tab). */
export const UNPAID_ORDER_STORAGE = 'checkout-unpaid-order';

export interface UnpaidOrder {
  orderId: string;
  /** What was ordered and where to: see checkoutFingerprint. */
  fingerprint: string;
  /** Until when the order may be paid (ISO time), once the server has said. */
  expiresAt?: string;
}

interface OrderLine {
  _id: string;
  quantity: number;
}

/**
 * The cart lines and the address, in a form that changes exactly when the order would: lines in any order and
 * spaces around a field do not count, a different quantity, product or address does.
 */
export function checkoutFingerprint(lines: readonly OrderLine[], address: Readonly<Record<string, string>>): string {
  const byId = [...lines].map(({ _id, quantity }) => [_id, quantity] as const).sort(([a], [b]) => a.localeCompare(b));
  const fields = Object.keys(address)
    .sort()
    .map((name) => [name, address[name]!.trim()]);
  return JSON.stringify([byId, fields]);
}

function read(storage: Storage): UnpaidOrder | null {
  try {
    const stored = JSON.parse(storage.getItem(UNPAID_ORDER_STORAGE) ?? 'null') as Partial<UnpaidOrder> | null;
    return typeof stored?.orderId === 'string' && typeof stored.fingerprint === 'string'
      ? (stored as UnpaidOrder)
      : null;
  } catch {
    return null;
  }
}

export function rememberUnpaidOrder(order: UnpaidOrder, storage: Storage = tabStorage()): void {
  storage.setItem(UNPAID_ORDER_STORAGE, JSON.stringify(order));
}

/**
 * The remembered order when it was placed for exactly this cart and address and may still be paid; an order past
 * its time is forgotten. The server has the last word: it refuses a payment for an order that is closed.
 */
export function recallUnpaidOrder(
  fingerprint: string,
  { storage = tabStorage(), now = Date.now() }: { storage?: Storage; now?: number } = {},
): UnpaidOrder | null {
  const order = read(storage);
  if (!order) return null;
  if (order.expiresAt && Date.parse(order.expiresAt) <= now) {
    storage.removeItem(UNPAID_ORDER_STORAGE);
    return null;
  }
  return order.fingerprint === fingerprint ? order : null;
}

/** Forgets the remembered order: any, or only `orderId` (e.g. once it is paid). */
export function forgetUnpaidOrder(orderId?: string, storage: Storage = tabStorage()): void {
  if (orderId === undefined || read(storage)?.orderId === orderId) storage.removeItem(UNPAID_ORDER_STORAGE);
}
