import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import { MAX_WISHLIST_ITEMS } from '../../core/constants.ts';
import { wishlistItemSchema, type Wishlist, type WishlistItem } from '../../core/contracts/wishlist.ts';
import { WISHLIST_FULL_MESSAGE } from '../../core/wishlist.ts';
import type { Product } from '../../core/product.ts';
import { backInStockOptOuts, wishlistItems } from './schema.ts';

export const UNKNOWN_PRODUCT_MESSAGE = 'This product does not exist';

/** The class of the advisory locks that let one wishlist write per shopper run at a time (issue 21). */
const WISHLIST_WRITER_LOCK = 7_242_021;

/** Only the fields a wishlist shows (the schema drops the rest). */
const toItem = (product: Product, unavailable: boolean): WishlistItem =>
  wishlistItemSchema.parse({ ...product, unavailable });

/**
 * A signed-in shopper's wishlist on the server (decision 0028). Only product ids are stored, one row per product
 * (unique), so adding or merging again never duplicates; titles, prices and stock come from the catalogue whenever
 * the list is read. Out-of-stock products stay listed: waiting for their return is what a wishlist is for.
 */
export class WishlistService {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalogue,
  ) {}

  async get(userId: string): Promise<Wishlist> {
    return this.present(userId);
  }

  /** Adds a product the shop sells; one already listed stays where it is. */
  async add(userId: string, productId: string): Promise<Wishlist> {
    if (!(await this.catalog.getProduct(productId))) throw new HttpError(400, UNKNOWN_PRODUCT_MESSAGE);
    await this.write(userId, (stored) => {
      if (stored.has(productId)) return [];
      if (stored.size >= MAX_WISHLIST_ITEMS) throw new HttpError(409, WISHLIST_FULL_MESSAGE);
      return [productId];
    });
    return this.present(userId);
  }

  /** Removes a product; one not listed is no error (the browser may send a removal twice). */
  async remove(userId: string, productId: string): Promise<Wishlist> {
    await this.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return this.present(userId);
  }

  /**
   * At sign-in: the guest's products join the account's, after them and in the guest's order. Merging again, or
   * from another device, adds nothing twice. Ids the shop does not know are left out, as the cart does (a browser's
   * list can outlive a product), and so is what would take the list past MAX_WISHLIST_ITEMS.
   */
  async merge(userId: string, productIds: readonly string[]): Promise<Wishlist> {
    const known: string[] = [];
    for (const id of new Set(productIds)) if (await this.catalog.getProduct(id)) known.push(id);
    await this.write(userId, (stored) =>
      known.filter((id) => !stored.has(id)).slice(0, Math.max(0, MAX_WISHLIST_ITEMS - stored.size)),
    );
    return this.present(userId);
  }

  /** Back-in-stock mails on or off (they are on until the shopper turns them off). */
  async setBackInStockMails(userId: string, on: boolean): Promise<Wishlist> {
    if (on) await this.db.delete(backInStockOptOuts).where(eq(backInStockOptOuts.userId, userId));
    else await this.stopBackInStockMails(userId);
    return this.present(userId);
  }

  async stopBackInStockMails(userId: string): Promise<void> {
    await this.db.insert(backInStockOptOuts).values({ userId }).onConflictDoNothing();
  }

  /** Forgets the shopper's list and mail choice, inside the caller's transaction (an account taken over). */
  async clear(userId: string, db: Db = this.db): Promise<void> {
    await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
    await db.delete(backInStockOptOuts).where(eq(backInStockOptOuts.userId, userId));
  }

  /**
   * One writer per shopper at a time (a transaction-scoped lock on the shopper's id), so the limit holds when two
   * devices add at once; `choose` says which ids to add, given those stored. Insert … on conflict do nothing keeps
   * every product once whatever happens. The catalogue is read before, never inside: on PGlite its reload would wait
   * for this transaction's connection.
   */
  private async write(userId: string, choose: (stored: ReadonlySet<string>) => string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WISHLIST_WRITER_LOCK}, hashtext(${userId}))`);
      const added = choose(new Set((await this.storedIds(userId, tx)).map((row) => row.productId)));
      if (added.length === 0) return;
      await tx
        .insert(wishlistItems)
        // A microsecond apart, on the database's clock, so the list keeps the order they came in.
        .values(
          added.map((productId, index) => ({
            userId,
            productId,
            addedAt: sql`now() + ${index} * interval '1 microsecond'`,
          })),
        )
        .onConflictDoNothing();
    });
  }

  private storedIds(userId: string, db: Db) {
    return db
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.addedAt), asc(wishlistItems.productId));
  }

  /**
   * The list as stored, read from the catalogue now: a product hidden from the shop stays, marked unavailable; one
   * the catalogue does not know at all is left out.
   */
  private async present(userId: string): Promise<Wishlist> {
    const rows = await this.storedIds(userId, this.db);
    const [optedOut] = await this.db
      .select({ userId: backInStockOptOuts.userId })
      .from(backInStockOptOuts)
      .where(eq(backInStockOptOuts.userId, userId));
    const items: WishlistItem[] = [];
    for (const { productId } of rows) {
      const found = await this.catalog.getProductEvenIfHidden(productId);
      if (found) items.push(toItem(found.product, found.hidden));
    }
    return { items, backInStockMails: !optedOut };
  }
}
