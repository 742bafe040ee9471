import type { CartAction, CartState } from '../../core/cart';
import type { ShippingRule } from '../../core/pricing';

export const CART_STORAGE_KEY = 'cart';
const CART_CHANGED_EVENT = 'cart-changed';

let cachedRaw: string | null | undefined;
let cachedState: Partial<CartState> = {};

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

/** Calls onChange when the cart changes, here or in another tab. */
export function subscribeToCart(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

const announceChange = () => window.dispatchEvent(new Event(CART_CHANGED_EVENT));

/** Removes this browser's copy of the cart (sign-out); a signed-in shopper's cart stays on the server. */
export function forgetCart(): void {
  localStorage.removeItem(CART_STORAGE_KEY);
  announceChange();
}

/**
 * Applies a cart action to the stored cart, priced with the shop's shipping rule, and stores the result.
 * The reducer loads on first use, not with every page (decision 0011).
 */
export async function applyCartAction(action: CartAction, rule: ShippingRule): Promise<CartState | null> {
  if (action.type === 'reset') {
    forgetCart();
    return null;
  }
  const { cartReducer, emptyCart } = await import('../../core/cart');
  const next = cartReducer({ ...emptyCart(), ...readCart() }, action, rule);
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  announceChange();
  return next;
}
