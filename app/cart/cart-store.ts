import { useCallback, useSyncExternalStore } from 'react';
import { cartReducer, emptyCart, type CartAction, type CartState } from '../../core/cart';
import type { ShippingRule } from '../../core/pricing';
import { useShop } from '../lib/use-shop';

export const CART_STORAGE_KEY = 'cart';
const CART_CHANGED_EVENT = 'cart-changed';
const EMPTY = emptyCart();

let cachedRaw: string | null = null;
let cachedState: CartState = EMPTY;

/** The cart persisted in localStorage under 'cart' (spec section 3); parsed once per change. */
function readCart(): CartState {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedState = raw ? { ...emptyCart(), ...(JSON.parse(raw) as Partial<CartState>) } : EMPTY;
    } catch {
      cachedState = EMPTY;
    }
  }
  return cachedState;
}

export function dispatchCart(action: CartAction, rule: ShippingRule): void {
  const next = cartReducer(readCart(), action, rule);
  if (action.type === 'reset') localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** The cart and a dispatcher; during server rendering the cart is empty, since storage lives in the browser. */
export function useCart(): [CartState, (action: CartAction) => void] {
  const state = useSyncExternalStore(subscribe, readCart, () => EMPTY);
  const shop = useShop();
  const dispatch = useCallback((action: CartAction) => dispatchCart(action, shop), [shop]);
  return [state, dispatch];
}
