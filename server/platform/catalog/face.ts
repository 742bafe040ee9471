// What every module sees of the catalogue (decision 0061): its products as the shop shows them, their ratings, and
// when any of it changes. Their stock is the stock module's (server/platform/stock/face.ts, decision 0062).
import type { Product } from '../../../core/product.ts';
import type { ReviewListItem } from '../../../core/contracts/reviews.ts';
import type { StorefrontCatalog } from '../../../core/storefront.ts';
import type { Db } from '../db/client.ts';
import { face } from '../kernel/face.ts';

/** Reads a product's visible reviews, newest first: the reviews module's, handed in so the catalogue needs none. */
export type ReviewReader = (productId: string) => Promise<ReviewListItem[]>;

/** How a product's rating changes: reviews added (or removed, negative) and stars added to its total. */
export interface RatingChange {
  reviews: number;
  stars: number;
}

/** One unit of a product as a parcel: weight in kg, sides in cm (decision 0075). */
export interface UnitParcel {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface Catalogue extends StorefrontCatalog {
  /**
   * Each named product's unit parcel, hidden ones too, as last loaded; a product that does not exist is missing.
   */
  unitParcels(productIds: readonly string[]): Promise<Map<string, UnitParcel>>;
  /** A product even when the shop hides it, and whether it does. */
  getProductEvenIfHidden(id: string): Promise<{ product: Product; hidden: boolean } | undefined>;
  /** Every image key the catalogue shows. */
  imageKeys(): Promise<string[]>;
  /** Locks the product's row in `tx`; false when there is no such product. */
  lockProduct(tx: Db, productId: string): Promise<boolean>;
  adjustRating(tx: Db, productId: string, change: RatingChange): Promise<void>;
  /** Tells every process the catalogue changed, so each forgets its copy. */
  publishChange(): Promise<void>;
  /** Called whenever this process forgets its copy, and whenever it changes. */
  onInvalidate(listener: () => void): void;
  onChange(listener: () => void): void;
  readReviewsWith(reader: ReviewReader): void;
}

export interface CatalogFace {
  catalog: Catalogue;
}

export const catalogFace = face<CatalogFace>('catalog');
