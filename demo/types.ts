/** Shapes shared by the demo catalogue data (products.ts) and its procedural artwork (art/). */

export const CATEGORY_SLUGS = ['wall-art', 'lighting', 'accents', 'collectible-toys'] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const MOTIFS = {
  'wall-art': ['mountains', 'sunset', 'abstract-circles', 'botanical', 'waves', 'mandala', 'geometric'],
  lighting: ['pendant', 'table-lamp', 'floor-lamp', 'lantern', 'string-lights', 'wall-sconce'],
  accents: ['vase', 'planter', 'candle', 'mirror', 'clock', 'bowl', 'cushion'],
  'collectible-toys': ['robot', 'astronaut', 'dino', 'bear', 'rocket', 'cat'],
} as const satisfies Record<CategorySlug, readonly string[]>;
export type Motif<C extends CategorySlug = CategorySlug> = (typeof MOTIFS)[C][number];

export const PALETTES = ['terracotta', 'indigo', 'sage', 'mustard', 'blush', 'teal', 'charcoal', 'peacock'] as const;
export type Palette = (typeof PALETTES)[number];

export interface ArtSpec {
  category: CategorySlug;
  motif: Motif;
  palette: Palette;
}

export interface DemoReview {
  userName: string;
  title: string;
  rating: 1 | 2 | 3 | 4 | 5;
  message: string;
  /** Review was written this many days before seeding. */
  daysAgo: number;
}

export interface DemoProduct {
  /** URL slug, unique, lowercase words joined by '-'. */
  slug: string;
  title: string;
  category: CategorySlug;
  /** MRP in whole rupees. */
  originalPriceRupees: number;
  /** Selling price in rupees (may have paise, e.g. 389.7); equals originalPriceRupees when not discounted. */
  priceRupees: number;
  countInStock: number;
  /** Product was added this many days before seeding; distinct per product (drives newest-first order). */
  daysAgo: number;
  specs: string[];
  description: string[];
  whatsInTheBox: string[];
  art: { motif: Motif; palette: Palette };
  imageCount: 3 | 4 | 5;
  reviews: DemoReview[];
}
