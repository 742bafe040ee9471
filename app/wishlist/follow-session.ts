import { onSessionChange } from '../lib/credentials';
import { onToggleRequest, storeWishlist } from './wishlist-storage';

/**
 * What changes the list and syncs it, loaded on first use. Only the root imports this file, so this dynamic import
 * shares the root's list of files to preload instead of adding one to every page with a heart.
 */
const actions = () => import('./wishlist-actions');

const syncAt = (moment: 'signed-in' | 'session-restored') =>
  actions().then(
    (loaded) => loaded.syncAt(moment),
    () => {}, // not loaded (offline): the next page load tries again
  );

/**
 * The wishlist's part of the root (decision 0028): it applies the hearts' clicks, and follows the session as the cart
 * does: at sign-in the guest's list is merged into the account's, on a page load with a session the account's is
 * pulled, and at logout this browser's copy goes (spec section 4), with no code to load, so that works offline.
 * Returns what stops both.
 */
export function followWishlist(): () => void {
  const stopToggles = onToggleRequest((product) => void actions().then(({ toggleWish }) => toggleWish(product)));
  const stopFollowing = onSessionChange((event) => {
    if (event.type === 'signed-out') return storeWishlist(null);
    // An expired session keeps the copy; nothing is sent without one.
    if (event.type !== 'session-expired') return syncAt(event.type);
  });
  return () => {
    stopToggles();
    stopFollowing();
  };
}
