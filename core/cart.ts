import { DEFAULT_PAYMENT_METHOD, type PAYMENT_METHODS } from './constants.ts';
import { priceLines, type ShippingRule } from './pricing.ts';
import type { CartItem } from './contracts/cart.ts';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec section 3: a cart item keeps only what the cart shows (user, rating and reviews are dropped). */
export type { CartItem } from './contracts/cart.ts';

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: Record<string, string>;
  paymentMethod: PaymentMethod;
  itemsPrice: number;
  shippingPrice: number;
  totalPrice: number;
}

export type CartAction =
  | { type: 'add'; item: Omit<CartItem, 'quantity'>; quantity?: number }
  | { type: 'increment'; id: string }
  | { type: 'decrement'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'saveShippingAddress'; address: Record<string, string> }
  | { type: 'savePaymentMethod'; method: PaymentMethod }
  | { type: 'clear' }
  | { type: 'reset' }
  /** The signed-in shopper's cart as the server has it (decision 0013); address and payment method stay. */
  | { type: 'replaceItems'; items: CartItem[] };

export const emptyCart = (): CartState => ({
  cartItems: [],
  shippingAddress: {},
  paymentMethod: DEFAULT_PAYMENT_METHOD,
  itemsPrice: 0,
  shippingPrice: 0,
  totalPrice: 0,
});

/** Quantities never exceed the stock the product showed when added. */
const capped = (quantity: number, stock: number) => Math.max(0, Math.min(quantity, stock));

function withItems(state: CartState, cartItems: CartItem[], rule: ShippingRule): CartState {
  return { ...state, cartItems, ...priceLines(cartItems, rule) };
}

/** The cart's transitions (spec section 4). Every change except saving the address recomputes the prices. */
export function cartReducer(state: CartState, action: CartAction, rule: ShippingRule): CartState {
  switch (action.type) {
    case 'add': {
      const amount = action.quantity && action.quantity > 0 ? Math.floor(action.quantity) : 1;
      const { _id, title, slug, price, image, countInStock } = action.item;
      const existing = state.cartItems.find((item) => item._id === _id);
      const cartItems = existing
        ? state.cartItems.map((item) =>
            item._id === _id
              ? { ...item, price, countInStock, quantity: capped(item.quantity + amount, countInStock) }
              : item,
          )
        : [
            ...state.cartItems,
            { _id, title, slug, price, image, countInStock, quantity: capped(amount, countInStock) },
          ];
      return withItems(
        state,
        cartItems.filter((item) => item.quantity > 0),
        rule,
      );
    }
    case 'increment':
      return withItems(
        state,
        state.cartItems.map((item) =>
          item._id === action.id && item.quantity < item.countInStock ? { ...item, quantity: item.quantity + 1 } : item,
        ),
        rule,
      );
    case 'decrement':
      return withItems(
        state,
        state.cartItems.flatMap((item) => {
          if (item._id !== action.id) return [item];
          return item.quantity <= 1 ? [] : [{ ...item, quantity: item.quantity - 1 }];
        }),
        rule,
      );
    case 'remove':
      return withItems(
        state,
        state.cartItems.filter((item) => item._id !== action.id),
        rule,
      );
    case 'saveShippingAddress':
      return { ...state, shippingAddress: action.address };
    case 'savePaymentMethod':
      return withItems({ ...state, paymentMethod: action.method }, state.cartItems, rule);
    case 'replaceItems':
      return withItems(
        state,
        action.items
          // Only the fields a cart item keeps, as on 'add'.
          .map(({ _id, title, slug, price, image, countInStock, quantity }) => ({
            _id,
            title,
            slug,
            price,
            image,
            countInStock,
            quantity: capped(Math.floor(quantity), countInStock),
          }))
          .filter((item) => item.quantity > 0),
        rule,
      );
    case 'clear':
    case 'reset':
      return emptyCart();
  }
}

// The badge's count lives apart, so the header can use it without loading the reducer.
export { cartQuantity } from './cart-quantity.ts';
