/**
 * The back office's stock contract (issue 22, decision 0034): a product's stock is the sum of its movements, each a
 * signed quantity with its kind; an admin adjusts it with a reason, sets its low-stock threshold, and reads both.
 */
import { z } from './zod.ts';
import { MAX, messageSchema, requiredText, shownList, shownText, shownTime } from './fields.ts';
import { endpoint } from './endpoint.ts';

/**
 * Why stock moved: `import` (stock a product was created or seeded with), `sale` (an order took it),
 * `cancellation` and `expiry` (an order gave it back), `refund` (returned goods), `adjustment` (an admin, with a
 * reason).
 */
export const STOCK_MOVEMENT_KINDS = [
  'import',
  'sale',
  'cancellation',
  'expiry',
  'refund',
  'adjustment',
  // A parcel the courier brought back (issue 34).
  'return_to_origin',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The largest change one adjustment may make either way: a typo of extra digits is refused, not stored. */
export const MAX_STOCK_CHANGE = 1_000_000;
/** The largest low-stock threshold: far above any shelf, within an integer. */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;
export const MOVEMENTS_PAGE = { default: 50, max: 200 } as const;
export const LOW_STOCK_PAGE = { default: 100, max: 500 } as const;

export const STOCK_MESSAGES = {
  reasonRequired: 'Please give a reason for the stock adjustment.',
  changeRequired: 'Enter the change in stock as a whole number, such as 5 or -2.',
  changeZero: 'A stock adjustment must change the stock: enter a number other than 0.',
  changeTooLarge: `A stock adjustment can change the stock by at most ${MAX_STOCK_CHANGE.toLocaleString('en-IN')}.`,
  threshold: `The low-stock threshold must be a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD.toLocaleString('en-IN')}, or null for the shop's default.`,
  productNotFound: 'Product not found',
} as const;

/** Why a stock change was refused: it would leave less than nothing. */
export const belowZeroMessage = (title: string, stock: number, change: number) =>
  `'${title}' has ${stock} in stock: a change of ${change} would take it below 0.`;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  productId: z.uuid(),
  /** Signed: −2 for a sale of two, +2 for their return. */
  quantity: z.number().int(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** The public id of the order that moved the stock, when one did. */
  orderId: shownText(MAX.name).nullable(),
  reason: shownText(MAX.line).nullable(),
  /** The admin who adjusted it, for adjustments. */
  adminEmail: shownText(MAX.email).nullable(),
  createdAt: shownTime(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockAdjustmentSchema = z.object({
  change: z
    .number({ error: STOCK_MESSAGES.changeRequired })
    .int(STOCK_MESSAGES.changeRequired)
    .refine((change) => change !== 0, STOCK_MESSAGES.changeZero)
    .refine((change) => Math.abs(change) <= MAX_STOCK_CHANGE, STOCK_MESSAGES.changeTooLarge),
  reason: requiredText(STOCK_MESSAGES.reasonRequired, MAX.line),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

const productParams = z.object({ productId: z.uuid('Invalid product id') });
const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema };

export const adjustStockEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/products/:productId/stock',
  params: productParams,
  body: stockAdjustmentSchema,
  responses: {
    200: z.object({ countInStock: z.number().int(), movement: stockMovementSchema }),
    ...errors,
    /** The change would take the stock below 0. */
    409: messageSchema,
  },
});

export const lowStockThresholdEndpoint = endpoint({
  method: 'PUT',
  path: '/api/admin/products/:productId/low-stock-threshold',
  params: productParams,
  body: z.object({
    /** null: the shop's LOW_STOCK_THRESHOLD. */
    threshold: z
      .number({ error: STOCK_MESSAGES.threshold })
      .int(STOCK_MESSAGES.threshold)
      .min(0, STOCK_MESSAGES.threshold)
      .max(MAX_LOW_STOCK_THRESHOLD, STOCK_MESSAGES.threshold)
      .nullable(),
  }),
  responses: {
    200: z.object({
      /** The product's own threshold; null when it follows the shop's default. */
      threshold: z.number().int().nullable(),
      /** The threshold in force: its own, or the shop's default. */
      effectiveThreshold: z.number().int(),
    }),
    ...errors,
  },
});

const pageSize = (page: { default: number; max: number }) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${page.max}` })
    .int(`limit must be a whole number from 1 to ${page.max}`)
    .min(1, `limit must be a whole number from 1 to ${page.max}`)
    .max(page.max, `limit must be a whole number from 1 to ${page.max}`)
    .default(page.default);

export const stockMovementsEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/products/:productId/stock-movements',
  params: productParams,
  querystring: z.object({
    /** The last movement id of the previous page: this page holds the older ones. */
    before: z.coerce
      .number({ error: 'before must be a movement id' })
      .int('before must be a movement id')
      .min(1, 'before must be a movement id')
      .optional(),
    limit: pageSize(MOVEMENTS_PAGE),
  }),
  responses: {
    200: z.object({
      /** Newest first. */
      movements: shownList(stockMovementSchema, MOVEMENTS_PAGE.max),
      /** Pass as `before` for the next (older) page; null on the last page. */
      nextBefore: z.number().int().nullable(),
    }),
    ...errors,
  },
});

export const lowStockItemSchema = z.object({
  productId: z.uuid(),
  title: shownText(MAX.title),
  slug: shownText(MAX.line),
  countInStock: z.number().int(),
  /** The threshold in force (its own or the shop's default). */
  threshold: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/stock/low',
  querystring: z.object({ limit: pageSize(LOW_STOCK_PAGE) }),
  responses: {
    /** Products at or below their threshold, lowest stock first. */
    200: z.object({ products: shownList(lowStockItemSchema, LOW_STOCK_PAGE.max) }),
    400: messageSchema,
    403: messageSchema,
  },
});
