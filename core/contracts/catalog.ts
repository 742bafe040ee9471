/** The catalogue's contract: products and reviews as the API shows them (spec section 3), prices in rupees. */
import { z } from './zod.ts';
import { MAX_STARS } from '../constants.ts';
import {
  MAX,
  MESSAGES,
  email,
  messageSchema,
  multiLineText,
  notModifiedAnswer,
  requiredText,
  shownList,
  shownText,
  shownTime,
} from './fields.ts';

/** A review's photos: its own (REVIEW_MAX_FILES, at most 10) or those imported with the demo's reviews. */
export const REVIEW_SHOWN_PHOTOS = 10;
import { endpoint } from './endpoint.ts';
import { listingFactsSchema } from './listing-facts.ts';

/** How many of each list a product holds at most, and a spec name's length: the back office's form checks them. */
export const PRODUCT_LIMITS = { specs: 40, specName: 60, paragraphs: 20, boxItems: 30, images: 12 } as const;
/** The most products the catalogue lists (newest first): far beyond a D2C shop's range. */
export const CATALOGUE_MAX_PRODUCTS = 10_000;

export const productSchema = z.object({
  _id: z.uuid(),
  slug: shownText(MAX.line),
  title: shownText(MAX.title),
  category: shownText(MAX.name),
  image: shownList(shownText(MAX.url), PRODUCT_LIMITS.images),
  /** Each image's alt text, in the same order as `image`. */
  imageAlt: shownList(shownText(MAX.line), PRODUCT_LIMITS.images),
  originalPrice: z.number(),
  price: z.number(),
  isDiscount: z.boolean(),
  discount: z.number().int(),
  createdAt: shownTime(),
  /** "name: value". */
  specs: shownList(shownText(MAX.line + MAX.name), PRODUCT_LIMITS.specs),
  description: shownList(shownText(MAX.text), PRODUCT_LIMITS.paragraphs),
  whatsInTheBox: shownList(shownText(MAX.line), PRODUCT_LIMITS.boxItems),
  countInStock: z.number().int(),
  rating: z.number(),
  numReviews: z.number().int(),
  /** The Legal Metrology facts the product page shows; null when the shop has not given them. */
  listingFacts: listingFactsSchema.nullable(),
});

/** A review as the API shows it. */
export const productReviewSchema = z.object({
  _id: z.uuid(),
  title: shownText(MAX.title),
  userName: shownText(MAX.name),
  rating: z.number().int().min(1).max(MAX_STARS),
  message: shownText(MAX.text),
  images: shownList(shownText(MAX.url), REVIEW_SHOWN_PHOTOS),
  createdAt: shownTime(),
});

/** A review as a shopper writes it. */
export const reviewSchema = z.object({
  fullname: requiredText('Fullname is required', MAX.name),
  email: email('Email is required', MESSAGES.emailInvalid),
  title: requiredText('Title is required', MAX.title),
  rating: z
    .number({ error: 'Rating is required' })
    .int(`Rating must be a whole number from 1 to ${MAX_STARS}`)
    .min(1, 'Rating is required')
    .max(MAX_STARS, `Rating must be a whole number from 1 to ${MAX_STARS}`),
  review: multiLineText('Review text is required', MAX.text),
});

// Ids are matched case-insensitively, as UUIDs are.
const productParams = z.object({ id: z.uuid('Invalid product id') });

export const productListEndpoint = endpoint({
  method: 'GET',
  path: '/api/product/all-products',
  responses: { 200: z.object({ products: shownList(productSchema, CATALOGUE_MAX_PRODUCTS) }), 304: notModifiedAnswer },
});
export const productEndpoint = endpoint({
  method: 'GET',
  path: '/api/product/:id',
  params: productParams,
  responses: { 200: z.object({ product: productSchema }), 404: messageSchema },
});
// A product's reviews, GET /api/product/:id/get-reviews, are the reviews contract's (core/contracts/reviews.ts).

export type Product = z.infer<typeof productSchema>;
export type Review = z.infer<typeof productReviewSchema>;
export type ReviewInput = z.infer<typeof reviewSchema>;
