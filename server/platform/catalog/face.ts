// What every module sees of the catalogue (decision 0061): its products as the shop shows them, their ratings,
// their stock as orders take and give it back, and when any of it changes.
import type { Product } from '../../../core/product.ts';
import type { ReviewListItem } from '../../../core/contracts/reviews.ts';
import type { StorefrontCatalog } from '../../../core/storefront.ts';
import type { StockMovementKind } from '../../../core/contracts/admin-stock.ts';
import type { Db } from '../db/client.ts';
import { face } from '../kernel/face.ts';

/** A product and a quantity of it. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/** Why an order's stock moved, and which order (its public id) moved it. */
export interface StockReference<Kind extends StockMovementKind = StockMovementKind> {
  kind: Kind;
  orderId: string | null;
}
/** An order taking stock. */
export type SaleReference = StockReference<'sale'>;
/** An order giving stock back. */
export type ReturnReference = StockReference<'cancellation' | 'expiry' | 'refund'>;

/** A line as reserved: at the price and title read under the product's lock, which the order charges and shows. */
export interface ReservedLine {
  productId: string;
  title: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

/**
 * Told, inside the transaction that put stock back, of the products that were out of stock (0) before it and are
 * not now; its failure rolls the transaction back. It must use only `tx`: on PGlite other work would wait for it.
 */
export type BackInStockListener = (tx: Db, productIds: string[]) => Promise<void>;

/** Reads a product's visible reviews, newest first: the reviews module's, handed in so the catalogue needs none. */
export type ReviewReader = (productId: string) => Promise<ReviewListItem[]>;

/** How a product's rating changes: reviews added (or removed, negative) and stars added to its total. */
export interface RatingChange {
  reviews: number;
  stars: number;
}

export interface Catalogue extends StorefrontCatalog {
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
  /**
   * Takes the quantities out of stock in the caller's transaction, at the prices read under the lock; a line that
   * cannot be met is an HttpError naming the product, and the caller's transaction must roll back.
   */
  reserveStock(tx: Db, lines: readonly StockLine[], sale: SaleReference): Promise<ReservedLine[]>;
  /** Like reserveStock, but all or nothing on its own: null, and nothing reserved, when a line cannot be met. */
  reserveIfAvailable(tx: Db, lines: readonly StockLine[], sale: SaleReference): Promise<ReservedLine[] | null>;
  /** Puts quantities back in the caller's transaction, as movements of the kind and order `back` says. */
  releaseStock(
    tx: Db,
    lines: readonly { productId: string | null; quantity: number }[],
    back: ReturnReference,
  ): Promise<void>;
  onBackInStock(listener: BackInStockListener): void;
}

export interface CatalogFace {
  catalog: Catalogue;
}

export const catalogFace = face<CatalogFace>('catalog');
