/**
 * Keeps a signed-in shopper's wishlist on the server (decision 0028), as the cart does (decision 0013): each add
 * or remove is sent in the order made; at sign-in the guest's list is merged, on a page load the server's is pulled.
 * Loaded on first use, never with the page.
 */
import { MAX_WISHLIST_ITEMS } from '../../core/constants';
import {
  addToWishlistEndpoint,
  backInStockMailsEndpoint,
  mergeWishlistEndpoint,
  removeFromWishlistEndpoint,
  wishlistEndpoint,
  type Wishlist,
} from '../../core/contracts/wishlist';
import { wishlistReducer, type WishlistAction } from '../../core/wishlist';
import { hasAccessToken } from '../lib/credentials';
import { ApiError, call } from '../lib/http';
import { toast } from '../lib/toast';
import { readWishlist, storeWishlist, wishlistText } from './wishlist-storage';

const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's list becomes the browser's. */
const adopt = (wishlist: Wishlist) => storeWishlist(wishlistReducer([], { type: 'replace', items: wishlist.items }));

/** The changes not yet answered, sent one after the other. */
let queue: Promise<void> = Promise.resolve();
let unanswered = 0;

export function sendChange(action: Exclude<WishlistAction, { type: 'replace' }>): Promise<void> {
  unanswered += 1;
  queue = queue
    .then(() => send(action))
    .finally(() => {
      unanswered -= 1;
    });
  return queue;
}

async function send(action: Exclude<WishlistAction, { type: 'replace' }>): Promise<void> {
  if (!hasAccessToken()) return; // signed out meanwhile: the list no longer belongs to the account
  try {
    if (action.type === 'add') await call(addToWishlistEndpoint, { params: { productId: action.product._id } });
    else await call(removeFromWishlistEndpoint, { params: { productId: action.id } });
  } catch (error) {
    // Refused (a full list, a product no longer sold): the shopper is told, and an add is taken back here too. A lost
    // connection is silent; the next page load brings the browser in step.
    if (error instanceof ApiError && error.status >= 400 && error.status !== 401) {
      toast.error(error.message);
      if (action.type === 'add')
        storeWishlist(wishlistReducer(readWishlist(), { type: 'remove', id: action.product._id }));
    }
  }
}

/** At sign-in: the guest's list joins the account's, and the result becomes the browser's. */
export async function mergeGuestWishlist(): Promise<void> {
  const items = readWishlist()
    .filter((product) => PRODUCT_ID.test(product._id))
    .slice(0, MAX_WISHLIST_ITEMS)
    .map(({ _id }) => ({ _id }));
  adopt(await call(mergeWishlistEndpoint, { body: { items } }));
}

/**
 * The server's list, which becomes the browser's unless a change was made while it was asked for (that change,
 * sent after, brings the server in step).
 */
export async function pullWishlist(): Promise<Wishlist> {
  await queue; // this browser's own changes first
  const before = wishlistText();
  const wishlist = await call(wishlistEndpoint);
  if (wishlistText() === before && unanswered === 0 && hasAccessToken()) adopt(wishlist);
  return wishlist;
}

export const setBackInStockMails = (on: boolean) => call(backInStockMailsEndpoint, { body: { on } });
