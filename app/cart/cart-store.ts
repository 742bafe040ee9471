import { useSyncExternalStore } from 'react';
import type { CartAction, CartState } from '../../core/cart';
import { cartQuantity } from '../../core/cart-quantity';
import type { ShippingRule } from '../../core/pricing';
import { hasAccessToken } from '../lib/credentials';
import { applyCartAction, readCart, subscribeToCart } from './cart-storage';

/** The stored cart, or null during server rendering, where browser storage does not exist. */
export function useStoredCart(): Partial<CartState> | null {
  return useSyncExternalStore(subscribeToCart, readCart, () => null);
}

/** Total quantity for the header badge; 0 during server rendering, where there is no browser storage. */
export function useCartQuantity(): number {
  return useSyncExternalStore(
    subscribeToCart,
    () => cartQuantity(readCart()),
    () => 0,
  );
}

/** Actions that change the lines a signed-in shopper keeps on the server; 'replaceItems' comes from the server. */
const SYNCED_ACTIONS = new Set<CartAction['type']>(['add', 'increment', 'decrement', 'remove', 'clear']);

/**
 * Applies a cart action, priced with the shop's shipping rule (the root's shop settings, passed by the caller),
 * and persists the result; for a signed-in shopper, the new lines go to the server too (decision 0013). The
 * reducer and the sync load on first use, not with every page.
 */
export async function dispatchCart(action: CartAction, rule: ShippingRule): Promise<void> {
  const next = await applyCartAction(action, rule);
  if (next && SYNCED_ACTIONS.has(action.type) && hasAccessToken()) {
    import('./cart-sync').then(({ pushCart }) => pushCart(next.cartItems)).catch(() => {}); // best effort
  }
}

/**
 * The server emptied the shopper's cart (an order placed, a payment completed): this browser's copy follows, and
 * nothing is sent back (decision 0024).
 */
export async function cartEmptiedByServer(rule: ShippingRule): Promise<void> {
  await applyCartAction({ type: 'clear' }, rule);
}
