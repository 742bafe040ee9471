/**
 * The wishlist kept in localStorage under 'wishlist' (spec section 3): a guest's list, or a copy of a signed-in
 * shopper's (decision 0028). Every page with a heart reads it, so it stays tiny (the product page's JavaScript
 * budget, decision 0011): what changes the list loads on first use, from the root (follow-session.ts).
 */
import type { WishedProduct, WishSource } from '../../core/wishlist';

const KEY = 'wishlist';
const CHANGED = 'wishlist-changed';
const EVENTS = ['storage', CHANGED];
const TOGGLE = 'wishlist-toggle';

/** The stored list as text: a snapshot that compares by value, as React wants. */
export const wishlistText = () => localStorage.getItem(KEY);

/** The list a stored text holds; a damaged copy reads as empty. */
export function parseWishlist(text: string | null): WishedProduct[] {
  try {
    return [...JSON.parse(text ?? '[]')].filter((product) => typeof product?._id === 'string');
  } catch {
    return [];
  }
}

export const readWishlist = () => parseWishlist(wishlistText());

export const isWished = (id: string) => readWishlist().some((product) => product?._id === id);

/** Calls onChange when the list changes, in this tab or another. */
export function subscribeToWishlist(onChange: () => void): () => void {
  for (const event of EVENTS) addEventListener(event, onChange);
  return () => EVENTS.forEach((event) => removeEventListener(event, onChange));
}

/** Stores the list, or forgets it (null: sign-out, spec section 4), and tells this tab. */
export function storeWishlist(next: readonly WishedProduct[] | null): void {
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  dispatchEvent(new Event(CHANGED));
}

/**
 * A heart was clicked. The root's wishlist code (follow-session.ts) hears it and loads what changes the list: the
 * hearts' pages then carry no list of files to preload of their own.
 */
export const requestToggle = (product: WishSource) => dispatchEvent(new CustomEvent(TOGGLE, { detail: product }));

/** Hears the hearts' clicks until the returned function is called. */
export function onToggleRequest(handle: (product: WishSource) => void): () => void {
  const listener = (event: Event) => handle((event as CustomEvent<WishSource>).detail);
  addEventListener(TOGGLE, listener);
  return () => removeEventListener(TOGGLE, listener);
}
