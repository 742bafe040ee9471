/** The catalogue's contract: products and reviews as the API shows them (spec section 3), prices in rupees. */
import { z } from './zod.ts';
import { MAX_STARS } from '../constants.ts';
import { MAX, MESSAGES, email, multiLineText, requiredText } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { listingFactsSchema } from './listing-facts.ts';

export const productSchema = z.object({
  _id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  image: z.array(z.string()),
  /** Each image's alt text, in the same order as `image`. */
  imageAlt: z.array(z.string()),
  originalPrice: z.number(),
  price: z.number(),
  isDiscount: z.boolean(),
  discount: z.number().int(),
  createdAt: z.string(),
  specs: z.array(z.string()),
  description: z.array(z.string()),
  whatsInTheBox: z.array(z.string()),
  countInStock: z.number().int(),
  rating: z.number(),
  numReviews: z.number().int(),
  /** The Legal Metrology facts the product page shows; null when the shop has not given them. */
  listingFacts: listingFactsSchema.nullable(),
});

/** A review as the API shows it. */
export const productReviewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  userName: z.string(),
  rating: z.number().int().min(1).max(MAX_STARS),
  message: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
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
  responses: { 200: z.object({ products: z.array(productSchema) }) },
});
export const productEndpoint = endpoint({
  method: 'GET',
  path: '/api/product/:id',
  params: productParams,
  responses: { 200: z.object({ product: productSchema }) },
});
// A product's reviews, GET /api/product/:id/get-reviews, are the reviews contract's (core/contracts/reviews.ts).

export type Product = z.infer<typeof productSchema>;
export type Review = z.infer<typeof productReviewSchema>;
export type ReviewInput = z.infer<typeof reviewSchema>;
