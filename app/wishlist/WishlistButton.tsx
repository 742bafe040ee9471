import { useSyncExternalStore } from 'react';
import type { WishSource } from '../../core/wishlist';
import { Icon } from '../components/icons';
import { isWished, requestToggle, subscribeToWishlist } from './wishlist-storage';

/**
 * The heart: a toggle button whose name stays the same and whose state is aria-pressed, as a toggle's should. A click
 * is applied by the root's wishlist code (follow-session.ts), which loads it on the first click (the product page's
 * JavaScript budget, decisions 0011 and 0028).
 */
export function WishlistButton({ product, className = '' }: { product: WishSource; className?: string }) {
  const wished = useSyncExternalStore(
    subscribeToWishlist,
    () => isWished(product._id),
    () => false, // no browser storage while rendering on the server
  );
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={`Add ${product.title} to wishlist`}
      className={`grid place-items-center rounded-full text-brand-700 ${className}`}
      onClick={() => requestToggle(product)}
    >
      <Icon name="heart" className={`size-5 ${wished ? 'fill-current' : 'fill-none'}`} />
    </button>
  );
}

/** The heart over a product card's image. */
export const cardHeart = (product: WishSource) => (
  <WishlistButton product={product} className="size-9 bg-white/90 shadow-sm hover:bg-white" />
);
