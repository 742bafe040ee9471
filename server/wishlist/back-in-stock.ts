import type { JobDeclaration } from '../platform/kernel/index.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Accounts } from '../platform/auth/face.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import type { Stock } from '../platform/stock/face.ts';
import type { JobScheduler } from '../platform/work/jobs.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import { stopBackInStockMailsEndpoint } from '../../core/contracts/wishlist.ts';
import { backInStockMail } from './mails.ts';
import { backInStockMails, backInStockOptOuts, backInStockReturns, wishlistItems } from './schema.ts';
import type { WishlistService } from './service.ts';

/** The job that mails the shoppers waiting for one product's one return to stock (key: product and return). */
export const BACK_IN_STOCK_JOB = 'back-in-stock-mails';
export const INVALID_STOP_LINK = 'This link is not valid. Turn back-in-stock mails off in your account instead.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** 128 bits of HMAC-SHA256 are plenty for a link that can only turn mails off. */
const SIGNATURE_BYTES = 16;

/** One return of one product to stock: its number counts the product's returns; the time is the database's. */
interface StockReturn {
  productId: string;
  returnNumber: number;
  returnedAt: string;
}

export interface BackInStockOptions {
  db: Db;
  catalog: Catalogue;
  /** Tells of products back in stock, in the transaction that put them back. */
  stock: Pick<Stock, 'onBackInStock'>;
  jobs: JobScheduler;
  outbox: MailOutbox;
  auth: Accounts;
  wishlists: WishlistService;
  /** Signs the links that turn the mails off. */
  linkSecret: Uint8Array;
  origin: string;
  shopName: string;
}

/**
 * Back-in-stock mails (decision 0028). The stock module tells, inside the transaction that put stock back, which
 * products were out of stock (0) before; for those someone wishes for, the return is numbered and a job scheduled in
 * that transaction, so it exists exactly when the return is committed. The job mails each shopper who was waiting,
 * with a verified address and the mails on, once: a row per shopper, product and return says it is done.
 */
export class BackInStockMails {
  constructor(private readonly options: BackInStockOptions) {}

  /** Hears the stock module's returns. */
  register(): void {
    this.options.stock.onBackInStock((tx, productIds) => this.numberReturns(tx, productIds));
  }

  /** Its job: the mails of one return to stock. */
  jobs(): JobDeclaration[] {
    const run = async ({ payload }: { payload: Record<string, unknown> }) => {
      await this.mailReturn(payload as unknown as StockReturn);
      return { done: true as const };
    };
    return [{ kind: BACK_IN_STOCK_JOB, run }];
  }

  /** The mails' one-click link: the shopper's id, signed, so it needs no sign-in and no stored token. */
  stopLink(userId: string): string {
    const token = `${userId}.${this.signature(userId)}`;
    return `${this.stopLinkPrefix}${token}`;
  }

  /** Every stop link starts so: the mail sender finds it in a mail's text for its List-Unsubscribe header. */
  get stopLinkPrefix(): string {
    return `${this.options.origin}${stopBackInStockMailsEndpoint.path}?token=`;
  }

  /** The shopper a stop link's token names; a 400 for a token that was not signed here. Changes nothing. */
  check(token: string): string {
    const parts = token.split('.');
    const [userId = '', signature = ''] = parts.length === 2 ? parts : [];
    const expected = Buffer.from(this.signature(userId));
    const given = Buffer.from(signature);
    const genuine = UUID.test(userId) && given.length === expected.length && timingSafeEqual(given, expected);
    if (!genuine) throw new HttpError(400, INVALID_STOP_LINK);
    return userId;
  }

  /** The stop button, or a mail client's one-click POST: that shopper's back-in-stock mails are off. */
  async stop(token: string): Promise<void> {
    const userId = this.check(token);
    // An account deleted since has nothing left to mail.
    if (await this.options.auth.buyer(userId)) await this.options.wishlists.stopBackInStockMails(userId);
  }

  private signature(userId: string): string {
    return createHmac('sha256', this.options.linkSecret)
      .update(`back-in-stock-mails:${userId}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  }

  /** In the releasing transaction: counts a return for each product someone wishes for, and schedules its mails. */
  private async numberReturns(tx: Db, productIds: string[]): Promise<void> {
    const wished = tx
      .selectDistinct({
        productId: wishlistItems.productId,
        returns: sql<number>`1`.as('returns'),
        lastReturnedAt: sql<Date>`now()`.as('last_returned_at'),
      })
      .from(wishlistItems)
      .where(inArray(wishlistItems.productId, productIds));
    const returns = await tx
      .insert(backInStockReturns)
      .select(wished)
      .onConflictDoUpdate({
        target: backInStockReturns.productId,
        set: { returns: sql`${backInStockReturns.returns} + 1`, lastReturnedAt: sql`now()` },
      })
      .returning({
        productId: backInStockReturns.productId,
        returnNumber: backInStockReturns.returns,
        // Text keeps the database's microseconds, which a Date would round off.
        returnedAt: sql<string>`${backInStockReturns.lastReturnedAt}::text`,
      });
    for (const stockReturn of returns) {
      const key = `${stockReturn.productId}/${stockReturn.returnNumber}`;
      await this.options.jobs.schedule({ kind: BACK_IN_STOCK_JOB, key, inSeconds: 0, payload: { ...stockReturn } }, tx);
    }
  }

  /**
   * Mails everyone who wished for the product before it returned and has not been mailed for this return. A rerun
   * (a crash, a lease run out) finds those already mailed by their rows and skips them.
   */
  private async mailReturn({ productId, returnNumber, returnedAt }: StockReturn): Promise<void> {
    // Read before the transaction: on PGlite the catalogue's reload would wait for its connection.
    const product = await this.options.catalog.getProduct(productId);
    if (!product) return; // gone from the shop: nothing to buy
    const { auth, outbox, origin, shopName } = this.options;
    await this.options.db.transaction(async (tx) => {
      const waiting = await tx
        .select({ userId: wishlistItems.userId })
        .from(wishlistItems)
        .where(
          and(
            eq(wishlistItems.productId, productId),
            lte(wishlistItems.addedAt, sql`${returnedAt}::timestamptz`),
            notExists(tx.select().from(backInStockOptOuts).where(eq(backInStockOptOuts.userId, wishlistItems.userId))),
          ),
        );
      for (const { userId } of waiting) {
        const buyer = await auth.buyer(userId, tx);
        if (!buyer?.verified) continue; // only to an address its owner has proved
        const [queued] = await tx
          .insert(backInStockMails)
          .values({ userId, productId, returnNumber })
          .onConflictDoNothing()
          .returning({ userId: backInStockMails.userId });
        if (!queued) continue; // mailed by an earlier run
        const mail = backInStockMail({
          shopName,
          fullName: buyer.fullName,
          title: product.title,
          price: product.price,
          productLink: `${origin}/product/${product.slug}`,
          stopLink: this.stopLink(userId),
        });
        await outbox.enqueue({ to: buyer.email, ...mail }, tx);
      }
    });
  }
}
