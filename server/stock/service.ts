import { onCommit, type Database, type Db } from '../platform/db/client.ts';
import { runWorkflow, type Workflow } from '../platform/db/workflow.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { MailOutbox } from '../platform/mail/face.ts';
import { HttpError } from '../platform/http/errors.ts';
import type {
  BackInStockListener,
  ReservedLine,
  ReturnReference,
  SaleReference,
  Stock,
  StockLevel,
  StockLine,
  StockProducts,
} from '../platform/stock/face.ts';
import { readLevels, releaseStock, reserveStock, type LowStockCrossing } from './levels.ts';
import { queueLowStockMails, type LowStockSettings } from './low-stock.ts';
import { importStock, lowStockProducts, movementsPage } from './ledger.ts';
import {
  AdjustingStock,
  SettingThreshold,
  adjustStockWorkflow,
  lowStockThresholdWorkflow,
  type StockAdminDeps,
} from './stock-admin.ts';
import {
  STOCK_MESSAGES,
  type LowStockItem,
  type StockAdjustment,
  type StockMovement,
} from '../../core/contracts/admin-stock.ts';

export interface StockServiceOptions {
  database: Database;
  /** Low-stock mails go through it, in the transaction that moved the stock. */
  outbox: MailOutbox;
  /** The back office's stock changes are audited in their own transaction. */
  audit: AuditTrail;
  lowStock: LowStockSettings;
  /** The products stock keeps levels of (extension point `stock.products`: the catalogue's). */
  products: readonly StockProducts[];
  /** Told once a change of stock committed (extension point `stock.changed`). */
  changed: readonly (() => void)[];
}

/**
 * The shop's stock (decision 0062): each product's level and threshold, the ledger of its movements, what orders
 * reserve and release, the back office's adjustments, and the low-stock and back-in-stock events.
 */
export class StockService implements Stock {
  private readonly backInStockListeners: BackInStockListener[] = [];
  private readonly adjustStockFlow: Workflow<AdjustingStock>;
  private readonly thresholdFlow: Workflow<SettingThreshold>;

  constructor(private readonly options: StockServiceOptions) {
    const deps: StockAdminDeps = {
      audit: options.audit,
      defaultThreshold: options.lowStock.defaultThreshold,
      products: () => this.products,
      mailLowStock: (tx, crossings) => this.mailLowStock(tx, crossings),
      tellBackInStock: (tx, productIds) => this.tellBackInStock(tx, productIds),
      stockChanged: () => this.changed(),
    };
    this.adjustStockFlow = adjustStockWorkflow(deps);
    this.thresholdFlow = lowStockThresholdWorkflow(deps);
  }

  /** The one reader of products, read when first needed: contributions fill once every module is created. */
  private get products(): StockProducts {
    const [products, ...others] = this.options.products;
    if (!products || others.length > 0) throw new Error('Stock needs exactly one module at stock.products');
    return products;
  }

  /**
   * Takes the quantities out of stock inside the caller's transaction, at the prices read under the products' lock
   * (they are what the order charges), each line a `sale` movement of the order `sale.orderId`. A line that cannot
   * be met is an HttpError naming the product, and the caller's transaction must roll back. A product that falls
   * to its low-stock threshold is mailed to the shop in the transaction; the listeners hear once it commits.
   */
  async reserveStock(tx: Db, lines: readonly StockLine[], sale: SaleReference): Promise<ReservedLine[]> {
    const reserved = await this.reserveAndMail(tx, lines, sale);
    onCommit(tx, () => this.changed());
    return reserved;
  }

  /** Like reserveStock, but all or nothing on its own: null, and nothing reserved, when a line cannot be met. */
  async reserveIfAvailable(tx: Db, lines: readonly StockLine[], sale: SaleReference): Promise<ReservedLine[] | null> {
    try {
      // A savepoint: a shortfall undoes this reservation (its movements, its mails) only, not the caller's work.
      const reserved = await tx.transaction((savepoint) => this.reserveAndMail(savepoint, lines, sale));
      onCommit(tx, () => this.changed());
      return reserved;
    } catch (error) {
      if (error instanceof HttpError) return null;
      throw error;
    }
  }

  private async reserveAndMail(tx: Db, lines: readonly StockLine[], sale: SaleReference): Promise<ReservedLine[]> {
    const { defaultThreshold } = this.options.lowStock;
    const { reserved, lowStock } = await reserveStock(tx, this.products, lines, sale, defaultThreshold);
    await this.mailLowStock(tx, lowStock);
    return reserved;
  }

  /**
   * Puts quantities back (a cancelled or expired order's) inside the caller's transaction, as movements of the kind
   * and order `back` says; the listeners hear on commit, and the back-in-stock listeners in the transaction, of the
   * products that were out of stock.
   */
  async releaseStock(
    tx: Db,
    lines: readonly { productId: string | null; quantity: number }[],
    back: ReturnReference,
  ): Promise<void> {
    await this.tellBackInStock(tx, await releaseStock(tx, lines, back));
    onCommit(tx, () => this.changed());
  }

  levels(productIds?: readonly string[]): Promise<Map<string, StockLevel>> {
    return readLevels(this.options.database.db, this.options.lowStock.defaultThreshold, productIds);
  }

  openStock(tx: Db, opening: readonly { productId: string; stock: number }[]): Promise<void> {
    return importStock(tx, opening);
  }

  /**
   * An admin's manual change of a product's stock (decision 0034), with its reason: the movement, the new total and
   * the audit entry in one transaction. 404 for no such product, 400 without a reason, 409 below 0.
   */
  async adjustStock(
    actor: AdminActor,
    productId: string,
    { change, reason }: StockAdjustment,
  ): Promise<{ countInStock: number; movement: StockMovement }> {
    const why = reason?.trim();
    if (!why) throw new HttpError(400, STOCK_MESSAGES.reasonRequired);
    if (!Number.isInteger(change)) throw new HttpError(400, STOCK_MESSAGES.changeRequired);
    if (change === 0) throw new HttpError(400, STOCK_MESSAGES.changeZero);
    const adjusting = new AdjustingStock(actor, productId, change, why);
    const adjusted = await runWorkflow(this.options.database, this.adjustStockFlow, adjusting);
    return { countInStock: adjusted.after, movement: adjusted.movement };
  }

  /** Sets a product's own low-stock threshold (null: the shop's default), audited. */
  async setLowStockThreshold(
    actor: AdminActor,
    productId: string,
    threshold: number | null,
  ): Promise<{ threshold: number | null; effectiveThreshold: number }> {
    await runWorkflow(this.options.database, this.thresholdFlow, new SettingThreshold(actor, productId, threshold));
    return { threshold, effectiveThreshold: threshold ?? this.options.lowStock.defaultThreshold };
  }

  /** A product's stock movements, newest first, paged by the last id of the previous page. */
  stockMovements(productId: string, page: { before?: number; limit: number }) {
    return movementsPage(this.options.database.db, this.products, productId, page);
  }

  /** Products at or below their low-stock threshold, lowest stock first. */
  lowStock(limit: number): Promise<LowStockItem[]> {
    const { defaultThreshold } = this.options.lowStock;
    return lowStockProducts(this.options.database.db, this.products, defaultThreshold, limit);
  }

  /**
   * Lets another module act on products coming back in stock, in the same transaction, without stock knowing it
   * (the wishlist mails the shoppers who wished for them).
   */
  onBackInStock(listener: BackInStockListener): void {
    this.backInStockListeners.push(listener);
  }

  private mailLowStock(tx: Db, crossings: LowStockCrossing[]): Promise<void> {
    return queueLowStockMails(tx, this.options.outbox, this.options.lowStock, crossings);
  }

  private async tellBackInStock(tx: Db, productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    for (const listener of this.backInStockListeners) await listener(tx, productIds);
  }

  /** Stock changed, committed: every `stock.changed` listener hears (the catalogue forgets its copy). */
  private changed(): void {
    for (const listener of this.options.changed) listener();
  }
}
