/**
 * The wishlist's contract (spec sections 3 and 4, issue 21): the products a signed-in shopper wishes for, kept on
 * the server, and the back-in-stock mails they bring. A guest's wishlist stays in the browser until sign-in.
 */
import { z } from './zod.ts';
import { MAX_WISHLIST_ITEMS } from '../constants.ts';
import { WISHLIST_FULL_MESSAGE } from '../wishlist.ts';
import { productSchema } from './catalog.ts';
import { SINGLE_LINE_TEXT, messageSchema, productIdSchema, shownList, shownText } from './fields.ts';
import { endpoint } from './endpoint.ts';

/** The stop link's page: a few sentences of the shop's own HTML. */
export const STOP_PAGE_MAX = 4096;

/** A wished-for product as the server shows it: read from the catalogue now, the price in rupees. */
export const wishlistItemSchema = productSchema
  .pick({
    _id: true,
    title: true,
    slug: true,
    price: true,
    image: true,
    countInStock: true,
  })
  .extend({
    /** True when the shop no longer sells it (an admin hid it): it stays listed, shown as unavailable. */
    unavailable: z.boolean(),
  });

/** The wishlist after each call: its products in the order they were added, and whether its mails are on. */
const wishlistSchema = z.object({
  items: shownList(wishlistItemSchema, MAX_WISHLIST_ITEMS),
  /** Mails when a wished-for product that was out of stock returns; the link in each mail turns them off. */
  backInStockMails: z.boolean(),
});

/** At sign-in: the guest's products, by id (anything else a product has is ignored). */
export const guestWishlistSchema = z.object({
  items: z.array(z.object({ _id: productIdSchema })).max(MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE),
});

const productParams = z.object({ productId: productIdSchema });

export const wishlistEndpoint = endpoint({ method: 'GET', path: '/api/wishlist', responses: { 200: wishlistSchema } });
/** Adds a product; one already there stays where it is. */
export const addToWishlistEndpoint = endpoint({
  method: 'PUT',
  path: '/api/wishlist/items/:productId',
  params: productParams,
  responses: { 200: wishlistSchema, 400: messageSchema, 409: messageSchema },
});
/** Removes a product; one not there is no error. */
export const removeFromWishlistEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/wishlist/items/:productId',
  params: productParams,
  responses: { 200: wishlistSchema, 400: messageSchema },
});
/** At sign-in: the guest's products are added to the account's, never twice. */
export const mergeWishlistEndpoint = endpoint({
  method: 'POST',
  path: '/api/wishlist/merge',
  body: guestWishlistSchema,
  responses: { 200: wishlistSchema, 400: messageSchema },
});
export const backInStockMailsEndpoint = endpoint({
  method: 'PUT',
  path: '/api/wishlist/back-in-stock-mails',
  body: z.object({ on: z.boolean({ error: 'Say on: true or on: false' }) }),
  responses: { 200: wishlistSchema, 400: messageSchema },
});
const stopLinkQuery = z.object({
  token: z
    .string({ error: 'This link is not valid' })
    .max(200, 'This link is not valid')
    .regex(SINGLE_LINE_TEXT, 'This link is not valid'),
});

/**
 * The link in a back-in-stock mail (decision 0049): no sign-in; it only shows a short HTML page with a button, so a
 * mail scanner that opens every link changes nothing. The button posts to stopBackInStockMailsPostEndpoint.
 */
export const stopBackInStockMailsEndpoint = endpoint({
  method: 'GET',
  path: '/api/wishlist/back-in-stock-mails/stop',
  querystring: stopLinkQuery,
  // A short page of the shop's own text and its name (at most 60 characters).
  responses: { 200: shownText(STOP_PAGE_MAX).describe('An HTML page with the stop button'), 400: messageSchema },
});

/**
 * Turns the shopper's back-in-stock mails off: the stop page's button, and the RFC 8058 one-click POST a mail
 * client sends (`List-Unsubscribe=One-Click`, form-encoded), with no cookie and no CSRF token: the signed token
 * is the authority. Any body is ignored. Answers a short HTML page; done again, nothing changes.
 */
export const stopBackInStockMailsPostEndpoint = endpoint({
  method: 'POST',
  path: '/api/wishlist/back-in-stock-mails/stop',
  querystring: stopLinkQuery,
  responses: { 200: shownText(STOP_PAGE_MAX).describe('An HTML page saying the mails are off'), 400: messageSchema },
});

export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export type Wishlist = z.infer<typeof wishlistSchema>;
