import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Step, Workflow } from '../platform/db/workflow.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { StockProducts } from '../platform/stock/face.ts';
import { stockLevels } from './schema.ts';
import { recordMovement, toMovement } from './ledger.ts';
import { crossesLow, thresholdOf, type LowStockCrossing } from './levels.ts';
import { belowZeroMessage, STOCK_MESSAGES, type StockMovement } from '../../core/contracts/admin-stock.ts';

/** The most a product's stock may hold: PostgreSQL's integer. */
const MAX_STOCK = 2_147_483_647;

/** What the back office's stock workflows need from the rest of the stock module. */
export interface StockAdminDeps {
  audit: AuditTrail;
  /** The products' titles, their rows share-locked (the catalogue's). */
  products(): StockProducts;
  defaultThreshold: number;
  /** Queues the low-stock mails in the transaction. */
  mailLowStock(tx: Db, crossings: LowStockCrossing[]): Promise<void>;
  /** Tells the back-in-stock listeners, in the transaction, of products that were out of stock and are not now. */
  tellBackInStock(tx: Db, productIds: string[]): Promise<void>;
  /** Once committed: the stock.changed listeners (the catalogue's cache, in every process, forgets its stock). */
  stockChanged(): void;
}

interface LockedProduct {
  id: string;
  title: string;
  countInStock: number;
  ownThreshold: number | null;
  threshold: number;
}

/**
 * The product's row share-locked, then its level locked, until the transaction ends (the order reserveStock takes
 * them in); 404 when there is no such product. A product without a level yet gets one at 0.
 */
async function lockProduct(
  tx: Db,
  deps: Pick<StockAdminDeps, 'defaultThreshold' | 'products'>,
  productId: string,
): Promise<LockedProduct> {
  const [product] = await deps.products().lockForStock(tx, [productId]);
  if (!product) throw new HttpError(404, STOCK_MESSAGES.productNotFound);
  const lockLevel = () =>
    tx
      .select({
        countInStock: stockLevels.countInStock,
        ownThreshold: stockLevels.lowStockThreshold,
        threshold: sql<number>`${thresholdOf(deps.defaultThreshold)}`.mapWith(Number),
      })
      .from(stockLevels)
      .where(eq(stockLevels.productId, productId))
      .for('no key update');
  let [level] = await lockLevel();
  if (!level) {
    await tx.insert(stockLevels).values({ productId }).onConflictDoNothing();
    [level] = await lockLevel();
  }
  return { id: productId, title: product.title, ...level! };
}

/** One manual adjustment on its way: `product` as it was under the lock, `movement` once written. */
export class AdjustingStock {
  product!: LockedProduct;
  movement!: StockMovement;

  constructor(
    readonly actor: AdminActor,
    readonly productId: string,
    readonly change: number,
    readonly reason: string,
  ) {}

  get before(): number {
    return this.product.countInStock;
  }

  get after(): number {
    return this.product.countInStock + this.change;
  }
}

/**
 * A manual stock adjustment (decision 0034), in one transaction:
 *
 *   lockProduct → refuseBelowZero → recordMovement → updateTotal → audit → mailIfLow → tellIfBackInStock
 *
 * and, once committed, every process's catalogue cache forgets the stock it had.
 */
export function adjustStockWorkflow(deps: StockAdminDeps): Workflow<AdjustingStock> {
  const steps: Step<AdjustingStock>[] = [
    {
      name: 'lockProduct',
      run: async (tx, adjusting) => (adjusting.product = await lockProduct(tx, deps, adjusting.productId)),
    },
    {
      name: 'refuseBelowZero',
      async run(_tx, { product, change, after }) {
        if (after < 0) throw new HttpError(409, belowZeroMessage(product.title, product.countInStock, change));
        if (after > MAX_STOCK)
          throw new HttpError(409, `'${product.title}' cannot hold more than ${MAX_STOCK} in stock.`);
      },
    },
    {
      name: 'recordMovement',
      async run(tx, adjusting) {
        const { productId, change, reason, actor } = adjusting;
        const row = await recordMovement(tx, {
          productId,
          quantity: change,
          kind: 'adjustment',
          reason,
          adminEmail: actor.email,
        });
        adjusting.movement = toMovement(row);
      },
    },
    {
      name: 'updateTotal',
      run: (tx, { productId, after }) =>
        tx.update(stockLevels).set({ countInStock: after }).where(eq(stockLevels.productId, productId)),
    },
    {
      name: 'audit',
      run: (tx, { actor, productId, before, after, reason }) =>
        deps.audit.record(tx, actor, {
          action: 'stock.adjust',
          targetType: 'product',
          targetId: productId,
          before: { countInStock: before },
          after: { countInStock: after },
          reason,
        }),
    },
    {
      name: 'mailIfLow',
      async run(tx, { product, before, after }) {
        if (!crossesLow(before, after, product.threshold)) return;
        const crossing = {
          productId: product.id,
          title: product.title,
          countInStock: after,
          threshold: product.threshold,
        };
        await deps.mailLowStock(tx, [crossing]);
      },
    },
    {
      name: 'tellIfBackInStock',
      async run(tx, { productId, before, after }) {
        if (before === 0 && after > 0) await deps.tellBackInStock(tx, [productId]);
      },
    },
  ];
  return { name: 'adjustStock', steps, afterCommit: [{ name: 'stockChanged', run: () => deps.stockChanged() }] };
}

/** A product's low-stock threshold changing: its own value (null: the shop's default) before and after. */
export class SettingThreshold {
  product!: LockedProduct;

  constructor(
    readonly actor: AdminActor,
    readonly productId: string,
    readonly threshold: number | null,
  ) {}
}

/**
 * Setting a product's low-stock threshold: lockProduct → updateThreshold → audit. A new threshold sends no mail:
 * the mail is for stock that moves across it.
 */
export function lowStockThresholdWorkflow(deps: Pick<StockAdminDeps, 'audit' | 'defaultThreshold' | 'products'>) {
  const workflow: Workflow<SettingThreshold> = {
    name: 'setLowStockThreshold',
    steps: [
      {
        name: 'lockProduct',
        run: async (tx, setting) => (setting.product = await lockProduct(tx, deps, setting.productId)),
      },
      {
        name: 'updateThreshold',
        run: (tx, { productId, threshold }) =>
          tx.update(stockLevels).set({ lowStockThreshold: threshold }).where(eq(stockLevels.productId, productId)),
      },
      {
        name: 'audit',
        run: (tx, { actor, productId, product, threshold }) =>
          deps.audit.record(tx, actor, {
            action: 'product.low_stock_threshold',
            targetType: 'product',
            targetId: productId,
            before: { lowStockThreshold: product.ownThreshold },
            after: { lowStockThreshold: threshold },
          }),
      },
    ],
  };
  return workflow;
}
