// What every module sees of stock (decision 0062): levels as orders take and give them back, the products' levels
// for the catalogue, and the points where the catalogue and the wishlist hear of stock moving.
import type { StockMovementKind } from '../../../core/contracts/admin-stock.ts';
import type { Db } from '../db/client.ts';
import { extensionPoint, face } from '../kernel/face.ts';

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
export type ReturnReference = StockReference<'cancellation' | 'expiry' | 'refund' | 'return_to_origin'>;

/** A line as reserved: at the price and title read under the product's lock, which the order charges and shows. */
export interface ReservedLine {
  productId: string;
  title: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

/** A product's stock and the low-stock threshold in force (its own, or LOW_STOCK_THRESHOLD). */
export interface StockLevel {
  countInStock: number;
  threshold: number;
}

/**
 * Told, inside the transaction that put stock back, of the products that were out of stock (0) before it and are
 * not now; its failure rolls the transaction back. It must use only `tx`: on PGlite other work would wait for it.
 */
export type BackInStockListener = (tx: Db, productIds: string[]) => Promise<void>;

export interface Stock {
  /**
   * Takes the quantities out of stock in the caller's transaction, at the prices read under the products' lock; a
   * line that cannot be met is an HttpError naming the product, and the caller's transaction must roll back.
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
  /** The levels of the products named (every product's when none are), by product id. */
  levels(productIds?: readonly string[]): Promise<Map<string, StockLevel>>;
  /** New products' opening stock, in the caller's transaction: their levels and `import` movements. */
  openStock(tx: Db, opening: readonly { productId: string; stock: number }[]): Promise<void>;
  /** Hears products come back in stock, in the releasing transaction (the wishlist mails those who wished). */
  onBackInStock(listener: BackInStockListener): void;
}

export interface StockFace {
  stock: Stock;
}

export const stockFace = face<StockFace>('stock');

/** A product as stock needs it: what a sale charges and shows, and whether the shop still sells it. */
export interface StockedProduct {
  productId: string;
  title: string;
  slug: string;
  /** Its first image's media key. */
  image: string | null;
  unitPricePaise: number;
  hidden: boolean;
}

/** The products stock names and sells, read from their owner (the catalogue contributes it). */
export interface StockProducts {
  /**
   * The products found, their rows locked FOR SHARE in product-id order until `tx` ends, so the price and title a
   * sale takes cannot change under it. Always taken before the stock levels' locks (decision 0062).
   */
  lockForStock(tx: Db, productIds: readonly string[]): Promise<StockedProduct[]>;
  /** The products found, unlocked: names for the back office's lists. */
  describe(productIds: readonly string[]): Promise<StockedProduct[]>;
}

/** Where stock reads the products it keeps levels of; exactly one module (the catalogue) contributes. */
export const stockProducts = extensionPoint<StockProducts>('stock.products');
/** Runs once a change of stock committed in this process (the catalogue forgets its copy and tells the others). */
export const stockChanged = extensionPoint<() => void>('stock.changed');
