import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { Step, Workflow } from '../platform/db/workflow.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import { products } from './schema.ts';
import { recordMovement, toMovement } from './ledger.ts';
import { crossesLow, thresholdOf, type LowStockCrossing } from './stock.ts';
import { belowZeroMessage, STOCK_MESSAGES, type StockMovement } from '../../core/contracts/admin-stock.ts';

/** The most a product's stock may hold: PostgreSQL's integer. */
const MAX_STOCK = 2_147_483_647;

/** What the back office's stock workflows need from the rest of the catalogue. */
export interface StockAdminDeps {
  audit: AuditTrail;
  defaultThreshold: number;
  /** Queues the low-stock mails in the transaction. */
  mailLowStock(tx: Db, crossings: LowStockCrossing[]): Promise<void>;
  /** Tells the back-in-stock listeners, in the transaction, of products that were out of stock and are not now. */
  tellBackInStock(tx: Db, productIds: string[]): Promise<void>;
  /** Once committed: the catalogue's cache, in every process, forgets the stock it had. */
  stockChanged(): void;
}

interface LockedProduct {
  id: string;
  title: string;
  countInStock: number;
  ownThreshold: number | null;
  threshold: number;
}

/** The product's row, locked until the transaction ends (as reserveStock locks it); 404 when there is none. */
async function lockProduct(tx: Db, productId: string, defaultThreshold: number): Promise<LockedProduct> {
  const [product] = await tx
    .select({
      id: products.id,
      title: products.title,
      countInStock: products.countInStock,
      ownThreshold: products.lowStockThreshold,
      threshold: sql<number>`${thresholdOf(defaultThreshold)}`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!product) throw new HttpError(404, STOCK_MESSAGES.productNotFound);
  return product;
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
      run: async (tx, adjusting) =>
        (adjusting.product = await lockProduct(tx, adjusting.productId, deps.defaultThreshold)),
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
        tx
          .update(products)
          .set({ countInStock: after, updatedAt: sql`now()` })
          .where(eq(products.id, productId)),
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
export function lowStockThresholdWorkflow(deps: Pick<StockAdminDeps, 'audit' | 'defaultThreshold'>) {
  const workflow: Workflow<SettingThreshold> = {
    name: 'setLowStockThreshold',
    steps: [
      {
        name: 'lockProduct',
        run: async (tx, setting) => (setting.product = await lockProduct(tx, setting.productId, deps.defaultThreshold)),
      },
      {
        name: 'updateThreshold',
        run: (tx, { productId, threshold }) =>
          tx.update(products).set({ lowStockThreshold: threshold }).where(eq(products.id, productId)),
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
