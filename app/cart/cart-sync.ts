/**
 * Keeps a signed-in shopper's cart on the server, so it follows them across devices (decision 0013).
 * Best effort throughout: a failed sync is dropped silently and never blocks the shopper; the browser's cart
 * stays usable, and the next change or page load tries again. Loaded on first use, never with the page.
 */
import type { CartItem } from '../../core/cart';
import { cartEndpoint, mergeCartEndpoint, replaceCartEndpoint } from '../../core/contracts/cart';
// The server's limits (core/contracts/cart.ts): a line outside them would fail the whole request.
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../core/constants';
import type { ShippingRule } from '../../core/pricing';
import { hasAccessToken } from '../lib/credentials';
import { call } from '../lib/http';
import { applyCartAction, readCart } from './cart-storage';

/** Changes made within this time of each other go to the server as one request (a stepper clicked quickly). */
const PUSH_DELAY_MS = 300;
const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only ids and quantities go to the server, which prices every line itself. */
function toLines(items: readonly CartItem[]): Array<{ _id: string; quantity: number }> {
  return items
    .filter((item) => PRODUCT_ID.test(item._id) && Number(item.quantity) >= 1)
    .slice(0, MAX_CART_LINES)
    .map((item) => ({ _id: item._id, quantity: Math.min(Math.floor(Number(item.quantity)), MAX_LINE_QUANTITY) }));
}

/** The server's answer becomes the browser's cart; the address and payment method stay as they are. */
async function replaceLocalItems(items: CartItem[], rule: ShippingRule): Promise<void> {
  await applyCartAction({ type: 'replaceItems', items }, rule);
}

/** The newest cart not yet sent, and the request loop sending it (one request in flight at a time). */
let unsent: CartItem[] | null = null;
let pushing: Promise<void> | null = null;

/** Sends the cart to the server after a change: quickly repeated changes coalesce, and the latest state goes last. */
export function pushCart(items: CartItem[]): Promise<void> {
  unsent = items;
  pushing ??= sendUnsent().finally(() => {
    pushing = null;
    // A change that arrived as the loop was finishing still goes.
    if (unsent) void pushCart(unsent);
  });
  return pushing;
}

async function sendUnsent(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, PUSH_DELAY_MS));
  while (unsent) {
    const items = unsent;
    unsent = null;
    // Signed out meanwhile: this browser's cart no longer belongs to the account.
    if (!hasAccessToken()) return;
    await call(replaceCartEndpoint, { body: { items: toLines(items) } }).catch(() => {});
  }
}

/** At sign-in: the guest cart is added into the account's cart, and the result becomes the browser's cart. */
export async function mergeGuestCart(rule: ShippingRule): Promise<void> {
  try {
    const guest = readCart().cartItems ?? [];
    const { cartItems } = await call(mergeCartEndpoint, { body: { items: toLines(guest) } });
    await replaceLocalItems(cartItems, rule);
  } catch {
    // The guest cart stays in the browser; the account's cart is unchanged.
  }
}

/** On page load for a signed-in shopper: the server's cart replaces the browser's, showing other devices' changes. */
export async function pullCart(rule: ShippingRule): Promise<void> {
  try {
    await pushing; // this browser's own last change first
    if (!hasAccessToken()) return; // signed out meanwhile (e.g. on the logout page)
    const before = readCart();
    const { cartItems } = await call(cartEndpoint);
    // A change made while the request was out is newer than the answer, and its push brings the server in step.
    if (readCart() === before && !unsent && hasAccessToken()) await replaceLocalItems(cartItems, rule);
  } catch {
    // The browser keeps its cart.
  }
}
