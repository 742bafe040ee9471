import type { CartItem, PaymentMethod } from '../../core/cart';
import type { CheckoutAddressInput } from '../../core/contracts/orders';
import { ApiError } from '../lib/http';
import { createOrder } from './api';

/** Where this tab keeps the key of the order it is trying to place. */
export const IDEMPOTENCY_KEY_STORAGE = 'checkout-idempotency-key';

/**
 * One key per checkout attempt, kept until the order is confirmed: a retry after a lost response, a reload or a
 * double click sends the same key, and the server answers with the order it already made.
 */
function attemptKey(storage: Storage): string {
  let key = storage.getItem(IDEMPOTENCY_KEY_STORAGE);
  if (!key) {
    // getRandomValues works on plain http too, where randomUUID does not exist.
    key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    storage.setItem(IDEMPOTENCY_KEY_STORAGE, key);
  }
  return key;
}

export interface PlaceOrderInput {
  cartItems: readonly Pick<CartItem, '_id' | 'quantity'>[];
  shippingAddress: CheckoutAddressInput;
  paymentMethod: PaymentMethod;
  /** The shopper confirmed they are 18 or older (spec section 1); the server refuses an order without it. */
  ageConfirmed: true;
}

/** Creates the order and resolves with its orderId. The server prices the lines; only ids and quantities go. */
export async function placeOrder(
  { cartItems, ...order }: PlaceOrderInput,
  storage: Storage = sessionStorage,
): Promise<string> {
  const key = attemptKey(storage);
  try {
    const { orderId } = await createOrder(
      { orderItems: cartItems.map(({ _id, quantity }) => ({ _id, quantity })), ...order },
      key,
    );
    storage.removeItem(IDEMPOTENCY_KEY_STORAGE);
    return orderId;
  } catch (error) {
    // A 4xx answer means no order was made (bad input, stock, not verified): the corrected attempt is a new one.
    // A network error or a 5xx may hide an order that was made, so the key stays for the retry.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      storage.removeItem(IDEMPOTENCY_KEY_STORAGE);
    }
    throw error;
  }
}
