// The wishlist as the browser keeps it (spec sections 3 and 4): products keyed by _id, never twice.
import { MAX_WISHLIST_ITEMS } from './constants.ts';

export const WISHLIST_FULL_MESSAGE = `A wishlist can have at most ${MAX_WISHLIST_ITEMS} products`;

/** A wished-for product as stored; its stock is known once the server has answered (signed-in shoppers). */
export interface WishedProduct {
  _id: string;
  title: string;
  slug?: string;
  /** In rupees. */
  price: number;
  image: string[];
  countInStock?: number;
  /** True once the shop has stopped selling it (an admin hid it): it stays listed, unbuyable. */
  unavailable?: boolean;
}

/** What a heart is given: a product page's product or a grid's card (whose image is one URL). */
export type WishSource = Omit<WishedProduct, 'image'> & { image: string | readonly string[] };

export type WishlistAction =
  | { type: 'add'; product: WishSource }
  | { type: 'remove'; id: string }
  | { type: 'replace'; items: readonly WishSource[] };

/** Only what the wishlist keeps: a product page's product carries its description, reviews and more. */
function toWished({ _id, title, slug, price, image, countInStock, unavailable }: WishSource): WishedProduct {
  const images = typeof image === 'string' ? [image] : [...image];
  return { _id, title, slug, price, image: images, countInStock, ...(unavailable && { unavailable }) };
}

export const isListed = (list: readonly WishedProduct[], id: string) => list.some((product) => product._id === id);

/**
 * The spec's transitions: add (ignored if present, and past MAX_WISHLIST_ITEMS, the server's limit), remove by _id,
 * replace the whole list (keeping the first of any _id given twice).
 */
export function wishlistReducer(list: readonly WishedProduct[], action: WishlistAction): WishedProduct[] {
  switch (action.type) {
    case 'add':
      return isListed(list, action.product._id) || list.length >= MAX_WISHLIST_ITEMS
        ? [...list]
        : [...list, toWished(action.product)];
    case 'remove':
      return list.filter((product) => product._id !== action.id);
    case 'replace':
      return action.items.reduce<WishedProduct[]>(
        (kept, product) => (isListed(kept, product._id) ? kept : [...kept, toWished(product)]),
        [],
      );
  }
}
