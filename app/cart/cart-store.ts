import { useSyncExternalStore } from 'react';
import type { CartAction, CartState } from '../../core/cart';
import { cartQuantity } from '../../core/cart-quantity';
import type { ShippingRule } from '../../core/pricing';

export const CART_STORAGE_KEY = 'cart';
const CART_CHANGED_EVENT = 'cart-changed';

let cachedRaw: string | null | undefined;
let cachedState: Partial<CartState> = {};

/** The cart persisted in localStorage under 'cart' (spec section 3), parsed once per change. */
function readCart(): Partial<CartState> {
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

/** Total quantity for the header badge; 0 during server rendering, where there is no browser storage. */
export function useCartQuantity(): number {
  return useSyncExternalStore(
    subscribe,
    () => cartQuantity(readCart()),
    () => 0,
  );
}

/** Applies a cart action and persists the result. The reducer loads on first use, not with every page. */
export async function dispatchCart(action: CartAction, rule: ShippingRule): Promise<void> {
  const { cartReducer, emptyCart } = await import('../../core/cart');
  const next = cartReducer({ ...emptyCart(), ...readCart() }, action, rule);
  if (action.type === 'reset') localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}
