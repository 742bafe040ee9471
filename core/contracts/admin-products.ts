/**
 * The back office's products (issue 22, decision 0036): a searchable list, create and edit with the listing facts,
 * images (upload, order, alt text) and hiding. Prices are rupees as everywhere in the API; the server keeps paise and
 * computes the discount itself.
 */
import { z } from './zod.ts';
import { DEFAULT_PRODUCT_PARCEL } from '../constants.ts';
import {
  MAX,
  SINGLE_LINE_TEXT,
  messageSchema,
  multiLineText,
  optionalText,
  requiredText,
  shownList,
  shownText,
  shownTime,
  shownUuid,
} from './fields.ts';
import { endpoint } from './endpoint.ts';
import { PRODUCT_LIMITS } from './catalog.ts';
import { ADMIN_PAGE, adminErrors, listLimitSchema, searchSchema } from './admin-lists.ts';
import { listingFactsSchema } from './listing-facts.ts';
import { listingFactsInputSchema } from './listing-facts-input.ts';

/** The most a price may be, in rupees: far above any D2C product, well within an integer of paise. */
export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_OPENING_STOCK = 1_000_000;
/** The most categories a shop has: they come with a catalogue import, which refuses more. */
export const MAX_CATEGORIES = 100;
export { PRODUCT_LIMITS };
/** Per upload: how many files, and how large each may be. */
export const PRODUCT_IMAGE_UPLOAD = { files: 8, megabytes: 5 } as const;
export const PRODUCT_IMAGE_MAX_BYTES = PRODUCT_IMAGE_UPLOAD.megabytes * 1024 * 1024;

export const PRODUCT_MESSAGES = {
  priceAboveMrp: 'The selling price cannot be more than the MRP.',
  unknownCategory: 'Choose one of the shop’s categories.',
  productNotFound: 'Product not found',
  imageRequired: 'A visible product needs at least one image: hide it first, or keep an image.',
  unknownImage: 'Only images of this product can be kept; upload new ones first.',
  duplicateImage: 'An image appears twice in the list.',
  tooManyImages: `A product can have at most ${PRODUCT_LIMITS.images} images.`,
  noFiles: 'Attach one or more image files, as parts named files.',
  notImage: 'Only image files can be uploaded (JPEG, PNG, WebP, GIF or AVIF).',
  tooLarge: `Each image must be at most ${PRODUCT_IMAGE_UPLOAD.megabytes} MB.`,
  tooManyFiles: `Upload at most ${PRODUCT_IMAGE_UPLOAD.files} images at a time.`,
  tooManyPixels: 'This image is too large to process.',
  specName: 'A spec’s name cannot contain a colon.',
} as const;

const rupees = (label: string) => {
  const message = `${label} must be an amount in rupees from 0.01 to ${MAX_PRICE_RUPEES.toLocaleString('en-IN')}, with at most two decimals`;
  return z
    .number({ error: message })
    .min(0.01, message)
    .max(MAX_PRICE_RUPEES, message)
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, message);
};

/** A unit's parcel (decision 0075): weight to the gram, sides to the millimetre, within what couriers carry. */
export const PARCEL_LIMITS = { maxWeightKg: 100, maxSideCm: 300 } as const;
export { DEFAULT_PRODUCT_PARCEL };

const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

const weightKg = () => {
  const message = `Weight must be in kg, from 0.001 to ${PARCEL_LIMITS.maxWeightKg}, to the gram (at most three decimals)`;
  return z
    .number({ error: message })
    .min(0.001, message)
    .max(PARCEL_LIMITS.maxWeightKg, message)
    .refine((value) => hasAtMostDecimals(value, 3), message);
};
const sideCm = (label: string) => {
  const message = `${label} must be in cm, from 0.1 to ${PARCEL_LIMITS.maxSideCm}, with at most one decimal`;
  return z
    .number({ error: message })
    .min(0.1, message)
    .max(PARCEL_LIMITS.maxSideCm, message)
    .refine((value) => hasAtMostDecimals(value, 1), message);
};
const parcelFields = {
  weightKg: weightKg(),
  lengthCm: sideCm('Length'),
  breadthCm: sideCm('Breadth'),
  heightCm: sideCm('Height'),
};

export const specSchema = z.object({
  name: requiredText('Each spec needs a name', PRODUCT_LIMITS.specName).refine(
    (name) => !name.includes(':'),
    PRODUCT_MESSAGES.specName,
  ),
  value: requiredText('Each spec needs a value', MAX.line),
});

const productFields = z.object({
  title: requiredText('Title is required', MAX.title),
  /** A category's slug, from GET /api/admin/categories. */
  category: requiredText('Category is required', MAX.name),
  /** MRP, in rupees. */
  originalPrice: rupees('MRP'),
  /** Selling price, in rupees: at most the MRP. */
  price: rupees('Selling price'),
  specs: z.array(specSchema).max(PRODUCT_LIMITS.specs, `At most ${PRODUCT_LIMITS.specs} specs`).default([]),
  description: z
    .array(multiLineText('A description paragraph cannot be empty', MAX.text))
    .max(PRODUCT_LIMITS.paragraphs, `At most ${PRODUCT_LIMITS.paragraphs} description paragraphs`)
    .default([]),
  whatsInTheBox: z
    .array(requiredText("A what's-in-the-box item cannot be empty", MAX.line))
    .max(PRODUCT_LIMITS.boxItems, `At most ${PRODUCT_LIMITS.boxItems} items in the box`)
    .default([]),
  listingFacts: listingFactsInputSchema,
  /** One unit's weight and sides; an edit without them keeps the product's own. */
  weightKg: parcelFields.weightKg.optional(),
  lengthCm: parcelFields.lengthCm.optional(),
  breadthCm: parcelFields.breadthCm.optional(),
  heightCm: parcelFields.heightCm.optional(),
});
const priceNotAboveMrp = {
  check: (input: { price: number; originalPrice: number }) => input.price <= input.originalPrice,
  params: { error: PRODUCT_MESSAGES.priceAboveMrp, path: ['price'] },
};

export const productUpdateSchema = productFields.refine(priceNotAboveMrp.check, priceNotAboveMrp.params);
export const productCreateSchema = productFields
  .extend({
    /** Stock it starts with: an `import` movement in the ledger. */
    openingStock: z
      .number({ error: 'Opening stock must be a whole number' })
      .int('Opening stock must be a whole number')
      .min(0, 'Opening stock cannot be negative')
      .max(MAX_OPENING_STOCK, `Opening stock can be at most ${MAX_OPENING_STOCK.toLocaleString('en-IN')}`)
      .default(0),
    weightKg: parcelFields.weightKg.default(DEFAULT_PRODUCT_PARCEL.weightKg),
    lengthCm: parcelFields.lengthCm.default(DEFAULT_PRODUCT_PARCEL.lengthCm),
    breadthCm: parcelFields.breadthCm.default(DEFAULT_PRODUCT_PARCEL.breadthCm),
    heightCm: parcelFields.heightCm.default(DEFAULT_PRODUCT_PARCEL.heightCm),
  })
  .refine(priceNotAboveMrp.check, priceNotAboveMrp.params);
export type ProductUpdate = z.output<typeof productUpdateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/** A stored image's key: the hex of its content hash. */
const IMAGE_KEY = /^[0-9a-f]{24}$/;
export const adminProductImageSchema = z.object({
  key: z.string().meta({ pattern: IMAGE_KEY.source, maxLength: 24 }),
  url: shownText(MAX.url),
  alt: shownText(MAX.line),
});

const summaryFields = {
  _id: z.uuid(),
  slug: shownText(MAX.line),
  title: shownText(MAX.title),
  category: shownText(MAX.name),
  originalPrice: z.number(),
  price: z.number(),
  /** Percent off the MRP, computed by the server. */
  discount: z.number().int(),
  countInStock: z.number().int(),
  hidden: z.boolean(),
  createdAt: shownTime(),
};
export const adminProductSummarySchema = z.object({ ...summaryFields, image: shownText(MAX.url).nullable() });
export const adminProductSchema = z.object({
  ...summaryFields,
  specs: shownList(
    z.object({ name: shownText(PRODUCT_LIMITS.specName), value: shownText(MAX.line) }),
    PRODUCT_LIMITS.specs,
  ),
  description: shownList(shownText(MAX.text), PRODUCT_LIMITS.paragraphs),
  whatsInTheBox: shownList(shownText(MAX.line), PRODUCT_LIMITS.boxItems),
  listingFacts: listingFactsSchema.nullable(),
  /** In display order; the first is the main image. */
  images: shownList(adminProductImageSchema, PRODUCT_LIMITS.images),
  /** One unit's parcel: kg to the gram, cm to the millimetre. */
  weightKg: z.number(),
  lengthCm: z.number(),
  breadthCm: z.number(),
  heightCm: z.number(),
  updatedAt: shownTime(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const STOCK_FILTERS = ['in', 'out', 'low'] as const;
const booleanQuery = (name: string) =>
  z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((value) => value === 'true');

export const adminProductListQuery = z.object({
  /** Words of the title, or a slug or id. */
  q: searchSchema,
  category: z
    .string()
    .max(MAX.name, 'category must be a category slug')
    .regex(SINGLE_LINE_TEXT, 'category must be a category slug')
    .optional(),
  stock: z.enum(STOCK_FILTERS, { error: 'stock must be in, out or low' }).optional(),
  hidden: booleanQuery('hidden').optional(),
  /** The previous page's last product id. */
  before: z.uuid({ error: 'before must be a product id' }).optional(),
  limit: listLimitSchema,
});
export type AdminProductListQuery = z.output<typeof adminProductListQuery>;

const productParams = z.object({ productId: z.uuid('Invalid product id') });
const withNotFound = { ...adminErrors, 404: messageSchema };
const productAnswer = z.object({ product: adminProductSchema });

export const adminProductListEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products',
  querystring: adminProductListQuery,
  responses: {
    /** Newest first. */
    200: z.object({ products: shownList(adminProductSummarySchema, ADMIN_PAGE.max), next: shownUuid().nullable() }),
    ...adminErrors,
  },
});
export const adminCategoriesEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/categories',
  responses: {
    200: z.object({
      categories: shownList(z.object({ slug: shownText(MAX.line), name: shownText(MAX.name) }), MAX_CATEGORIES),
    }),
    ...adminErrors,
  },
});
export const adminProductEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products/:productId',
  params: productParams,
  responses: { 200: productAnswer, ...withNotFound },
});
export const createProductEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products',
  body: productCreateSchema,
  responses: { 201: productAnswer, ...adminErrors },
});
export const updateProductEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/products/:productId',
  params: productParams,
  body: productUpdateSchema,
  responses: { 200: productAnswer, ...withNotFound },
});

/** An image's alt text, in the upload's form and when the images are arranged. */
export const productImageAlt = optionalText(MAX.line);
const uploadFormSchema = z.object({
  files: z
    .array(z.string().max(PRODUCT_IMAGE_MAX_BYTES).meta({ format: 'binary' }))
    .max(PRODUCT_IMAGE_UPLOAD.files)
    .describe(`1 to ${PRODUCT_IMAGE_UPLOAD.files} images, each at most ${PRODUCT_IMAGE_UPLOAD.megabytes} MB`),
  alt: z
    .array(productImageAlt)
    .max(PRODUCT_IMAGE_UPLOAD.files)
    .optional()
    .describe("Alt text per file, in the files' order; one alt for all, or none for the product's title"),
});
export const uploadProductImagesEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/:productId/images',
  params: productParams,
  body: uploadFormSchema as unknown as z.ZodType<z.output<typeof uploadFormSchema>, FormData>,
  consumes: 'multipart/form-data',
  responses: { 200: productAnswer, ...withNotFound },
});
export const arrangeProductImagesEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/products/:productId/images',
  params: productParams,
  body: z.object({
    /** The images to keep, in display order; one left out is removed from the product. */
    images: z
      .array(
        z.object({
          key: z
            .string()
            .regex(/^[0-9a-f]{24}$/, PRODUCT_MESSAGES.unknownImage)
            .max(24, PRODUCT_MESSAGES.unknownImage),
          alt: productImageAlt,
        }),
      )
      .max(PRODUCT_LIMITS.images, PRODUCT_MESSAGES.tooManyImages),
  }),
  responses: { 200: productAnswer, ...withNotFound },
});
/** Hiding and showing again: no body, the product as it is now. */
const visibilityEndpoint = <const Action extends 'hide' | 'unhide'>(action: Action) =>
  endpoint({
    method: 'POST',
    path: `/api/admin/products/:productId/${action}`,
    params: productParams,
    responses: { 200: productAnswer, ...withNotFound },
  });
export const hideProductEndpoint = visibilityEndpoint('hide');
export const unhideProductEndpoint = visibilityEndpoint('unhide');

/** The upload's body: each file as `files`, and its alt text as `alt` in the same order (or one alt for all). */
export function productImagesFormData(files: readonly Blob[], alts: readonly string[] = []): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  for (const alt of alts) form.append('alt', alt);
  return form;
}
