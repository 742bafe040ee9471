/**
 * Total quantity, for the header badge; tolerates a stored cart written by an older version. Its own file, with
 * no import, so every page's header can show it without loading the cart's reducer.
 */
export const cartQuantity = (state: { cartItems?: ReadonlyArray<{ quantity: unknown }> }) =>
  (state.cartItems ?? []).reduce((sum, item) => sum + (Number(item.quantity) || 0), 0);
