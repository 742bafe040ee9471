/** Changes to the wishlist, loaded on the first click of a heart, a session change or the account's wishlist. */
import { wishlistReducer, type WishlistAction, type WishSource } from '../../core/wishlist';
import { hasAccessToken } from '../lib/credentials';
import { isWished, readWishlist, storeWishlist } from './wishlist-storage';

/** The sync with the server loads only for a signed-in shopper: it brings the API client and its schemas. */
const sync = () => import('./wishlist-sync');

/** An add or a remove: applied to the stored list, and for a signed-in shopper sent to the server in order. */
export async function changeWishlist(action: Exclude<WishlistAction, { type: 'replace' }>): Promise<void> {
  storeWishlist(wishlistReducer(readWishlist(), action));
  if (hasAccessToken()) await (await sync()).sendChange(action);
}

export const toggleWish = (product: WishSource) =>
  changeWishlist(isWished(product._id) ? { type: 'remove', id: product._id } : { type: 'add', product });

/** At sign-in the guest's list is merged into the account's; on a page load the account's is pulled. Never fails. */
export async function syncAt(moment: 'signed-in' | 'session-restored'): Promise<void> {
  const { mergeGuestWishlist, pullWishlist } = await sync();
  await (moment === 'signed-in' ? mergeGuestWishlist() : pullWishlist()).catch(() => {});
}
