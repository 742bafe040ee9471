import { z } from 'zod';

/** The documented response shapes (spec section 3); prices in rupees. */
export const productSchema = z.object({
  _id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  image: z.array(z.string()),
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
});

export const reviewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  userName: z.string(),
  rating: z.number().int().min(1).max(5),
  message: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
});
