import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { CartAction, CartState } from '../../core/cart';
import { cartQuantity } from '../../core/cart-quantity';
import type { ShippingRule } from '../../core/pricing';
import { readAccessToken } from '../auth/session';

export const CART_STORAGE_KEY = 'cart';
const CART_CHANGED_EVENT = 'cart-changed';

let cachedRaw: string | null | undefined;
let cachedState: Partial<CartState> = {};
/** The shop's shipping rule, so that syncing with the server, which runs outside React, can price the cart. */
let shippingRule: ShippingRule | null = null;

/** The cart persisted in localStorage under 'cart' (spec section 3), parsed once per change (same object till then). */
export function readCart(): Partial<CartState> {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedState = raw ? (JSON.parse(raw) as Partial<CartState>) : {};
    } catch {
      cachedState = {};
    }
  }
  return cachedState;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** The stored cart, or null during server rendering, where browser storage does not exist. */
export function useStoredCart(): Partial<CartState> | null {
  return useSyncExternalStore(subscribe, readCart, () => null);
}

export const knownShippingRule = (): ShippingRule | null => shippingRule;

/** Total quantity for the header badge; 0 during server rendering, where there is no browser storage. */
export function useCartQuantity(): number {
  // The header shows the badge on every page, so this is where the shipping rule is learnt before any sync runs.
  shippingRule = useRouteLoaderData<{ shop?: ShippingRule }>('root')?.shop ?? shippingRule;
  return useSyncExternalStore(
    subscribe,
    () => cartQuantity(readCart()),
    () => 0,
  );
}

const announceChange = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

/** Removes this browser's copy of the cart (sign-out); a signed-in shopper's cart stays on the server. */
export function forgetCart(): void {
  localStorage.removeItem(CART_STORAGE_KEY);
  announceChange();
}

/** Actions that change the lines a signed-in shopper keeps on the server; 'replaceItems' comes from the server. */
const SYNCED_ACTIONS = new Set<CartAction['type']>(['add', 'increment', 'decrement', 'remove', 'clear']);

/**
 * Applies a cart action and persists the result; for a signed-in shopper, the new lines go to the server too
 * (decision 0013). The reducer and the sync load on first use, not with every page.
 */
export async function dispatchCart(action: CartAction, rule: ShippingRule): Promise<void> {
  shippingRule = rule;
  if (action.type === 'reset') return forgetCart();
  const { cartReducer, emptyCart } = await import('../../core/cart');
  const next = cartReducer({ ...emptyCart(), ...readCart() }, action, rule);
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  announceChange();
  if (SYNCED_ACTIONS.has(action.type) && readAccessToken()) {
    import('./cart-sync').then(({ pushCart }) => pushCart(next.cartItems)).catch(() => {}); // best effort
  }
}
