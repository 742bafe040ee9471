import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { MAX_LINE_QUANTITY } from '../../core/constants.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import type { Product } from '../../core/product.ts';
import type { CartItem } from '../../core/cart.ts';
import type { CartLinesInput } from '../../core/contracts/cart.ts';
import { cartItems } from './schema.ts';

type CartLine = CartLinesInput['items'][number];

/** The class of the advisory locks that let one cart write per shopper run at a time. */
const CART_WRITER_LOCK = 7_242_002;

/** Same product twice in one request: one line with the quantities added up. Ids compare lowercased, as UUIDs do. */
function combineLines(lines: readonly CartLine[]): Map<string, number> {
  const combined = new Map<string, number>();
  for (const { _id, quantity } of lines) {
    const id = _id.toLowerCase();
    combined.set(id, (combined.get(id) ?? 0) + quantity);
  }
  return combined;
}

const cap = (quantity: number, product: Product) => Math.min(quantity, product.countInStock, MAX_LINE_QUANTITY);

/** A cart line as the storefront keeps it, priced from the catalogue as it is now. */
function toCartItem(product: Product, quantity: number): CartItem {
  const { _id, title, slug, price, image, countInStock } = product;
  return { _id, title, slug, price, image, countInStock, quantity: cap(quantity, product) };
}

/**
 * A signed-in shopper's cart on the server (decision 0013). Only product ids and quantities are stored: prices,
 * titles and stock come from the catalogue whenever the cart is read, so a client can never set a price.
 * Products that are gone or out of stock are left out, and quantities never exceed the stock.
 */
export class CartService {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalogue,
  ) {}

  /** The cart, oldest line first. */
  async get(userId: string): Promise<CartItem[]> {
    return this.present(await this.storedLines(userId, this.db));
  }

  /** Makes the server cart exactly these lines, in this order (the browser's cart after a change). */
  async replace(userId: string, lines: readonly CartLine[]): Promise<CartItem[]> {
    const wanted = await this.sellableLines(combineLines(lines));
    return this.write(userId, async (tx) => {
      await tx.delete(cartItems).where(eq(cartItems.userId, userId));
      return wanted.map(({ product, quantity }) => ({ product, quantity: cap(quantity, product) }));
    });
  }

  /** Adds a guest cart into the server cart at sign-in: quantities add up, capped by stock. */
  async merge(userId: string, lines: readonly CartLine[]): Promise<CartItem[]> {
    const guest = await this.sellableLines(combineLines(lines));
    return this.write(userId, async (tx) => {
      const server = new Map((await this.storedLines(userId, tx)).map((row) => [row.productId, row.quantity]));
      // Only the guest's lines change; the server's other lines stay as they are.
      return guest.map(({ product, quantity }) => ({
        product,
        quantity: cap((server.get(product._id) ?? 0) + quantity, product),
      }));
    });
  }

  /** Empties the cart; pass a transaction as db to do it atomically with an order being placed or an account taken over. */
  async clear(userId: string, db: Db = this.db): Promise<void> {
    // Prepared: every cash-on-delivery order runs it.
    await db
      .delete(cartItems)
      .where(eq(cartItems.userId, sql.placeholder('userId')))
      .prepare('empty-cart')
      .execute({ userId });
  }

  /**
   * One writer per shopper at a time: a lock on the shopper's id is held for the transaction, so two devices syncing at once
   * apply one after the other instead of interleaving. `prepare` returns the lines to upsert. The catalogue is
   * read before and after, never inside: on PGlite its reload would wait for this transaction's connection.
   */
  private async write(
    userId: string,
    prepare: (tx: Db) => Promise<Array<{ product: Product; quantity: number }>>,
  ): Promise<CartItem[]> {
    const stored = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CART_WRITER_LOCK}, hashtext(${userId}))`);
      const lines = await prepare(tx);
      if (lines.length > 0) {
        // Later lines get later times, so the cart keeps the order the shopper added things in.
        const base = Date.now();
        await tx
          .insert(cartItems)
          .values(
            lines.map(({ product, quantity }, index) => ({
              userId,
              productId: product._id,
              quantity,
              addedAt: new Date(base + index),
            })),
          )
          // On a merge, a line already in the cart keeps its place (addedAt) and takes the summed quantity.
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.productId],
            set: { quantity: sql.raw(`excluded.${cartItems.quantity.name}`) },
          });
      }
      return this.storedLines(userId, tx);
    });
    return this.present(stored);
  }

  private storedLines(userId: string, db: Db) {
    return db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  }

  /** Stored lines priced from the catalogue now; a line whose product is gone or sold out is left out. */
  private async present(rows: ReadonlyArray<{ productId: string; quantity: number }>): Promise<CartItem[]> {
    const lines = await this.sellableLines(new Map(rows.map((row) => [row.productId, row.quantity])));
    return lines.map(({ product, quantity }) => toCartItem(product, quantity));
  }

  /**
   * Lines with their catalogue product. Ids the catalogue does not know, and products out of stock, are dropped
   * rather than refused: a product can leave the shop while it sits in a browser's cart, and one stale line must
   * not stop the rest of the cart from syncing.
   */
  private async sellableLines(quantities: Map<string, number>): Promise<Array<{ product: Product; quantity: number }>> {
    const lines: Array<{ product: Product; quantity: number }> = [];
    for (const [id, quantity] of quantities) {
      const product = await this.catalog.getProduct(id);
      if (product && product.countInStock > 0) lines.push({ product, quantity });
    }
    return lines;
  }
}
