import type { CartState } from './cart.ts';

/** Total quantity, for the header badge; tolerates a stored cart written by an older version. */
export const cartQuantity = (state: Partial<Pick<CartState, 'cartItems'>>) =>
  (state.cartItems ?? []).reduce((sum, item) => sum + (Number(item.quantity) || 0), 0);
