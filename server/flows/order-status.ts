// The orderStatus flow (decision 0063): moving an order along its lifecycle crosses the orders, stock, payments and
// reviews modules, so it lives above them and calls each through its face.
import type { Database } from '../platform/db/client.ts';
import { runWorkflow, type Step, type Workflow } from '../platform/db/workflow.ts';
import type { Stock } from '../platform/stock/face.ts';
import type {
  AdminChange,
  ChangingStatus as ChangingStatusFacts,
  MovedOrderRecord,
  OrderMoves,
  OrderStatusChange,
  PaymentOrder,
} from '../platform/orders/face.ts';
import type { AdminOrder } from '../../core/contracts/admin-orders.ts';
import type { Order, OrderStatus, Shipment } from '../../core/order.ts';

export type Actor = 'shopper' | 'shop' | 'system';

/** One order moving one step along NEXT_STATUSES; `record` is the order as it is after the move (loadRecord). */
export class ChangingStatus implements ChangingStatusFacts {
  record!: MovedOrderRecord;

  constructor(
    /** The order's row as the orders module read it before the move. */
    readonly order: PaymentOrder,
    readonly status: OrderStatus,
    readonly actor: Actor,
    /** The courier and tracking going with 'shipped'. */
    readonly shipment?: Shipment,
    /** Set when an admin makes the change (actor 'shop'): it is audited and mailed. */
    readonly admin?: AdminChange,
  ) {}

  get cancelling(): boolean {
    return this.status === 'cancelled';
  }
}

export interface OrderStatusOptions {
  database: Database;
  /** The orders module's part: finding the order, its table-touching steps, showing the result. */
  moves: OrderMoves;
  stock: Pick<Stock, 'releaseStock'>;
  /**
   * Other modules' steps of cancelling an order (extension point `cancelOrder.refund`: payments refunds a paid one),
   * read at each cancellation: the list is filled once every module is created.
   */
  cancelSteps: readonly Step<OrderStatusChange>[];
  /** Other modules' steps of delivering an order (extension point `deliverOrder.steps`: reviews), read likewise. */
  deliveredSteps: readonly Step<OrderStatusChange>[];
}

/**
 * The workflows that move an order (decision 0025), each step a call of one module's face. Moving it along:
 *
 *   moveStatus → loadRecord → `afterAdminChange` (orders)
 *
 * Delivering it:
 *
 *   moveStatus → loadRecord → `deliverOrder.steps` (other modules' steps: reviews schedules its review request) →
 *   `afterAdminChange`
 *
 * Cancelling it (a shopper only within the window of spec section 9):
 *
 *   moveStatus → loadRecord → releaseStock (stock) → queueCancellationMail (orders) → `cancelOrder.refund`
 *   (payments refunds a paid order) → loadRecord again, so the answer shows what those did (a refund started) →
 *   `afterAdminChange`
 *
 * `afterAdminChange` are the back office's steps (recordAdminChange, the audit entry; mailStatusChange, the
 * shopper's mail), which act only on an admin's change. The other modules' steps are read when the workflow runs,
 * so steps contributed after the flow is created take part.
 */
export function statusWorkflows({ moves, stock, cancelSteps, deliveredSteps }: OrderStatusOptions): {
  advance: Workflow<ChangingStatus>;
  deliver: Workflow<ChangingStatus>;
  cancel: Workflow<ChangingStatus>;
} {
  const common = [moves.moveStatus, moves.loadRecord];
  const releaseStock: Step<ChangingStatus> = {
    name: 'releaseStock',
    run: (tx, { record }) =>
      stock.releaseStock(tx, record.items, { kind: 'cancellation', orderId: record.order.orderId }),
  };
  return {
    advance: { name: 'advanceOrder', steps: [...common, ...moves.afterAdminChange] },
    deliver: {
      name: 'deliverOrder',
      get steps() {
        return [...common, ...deliveredSteps, ...moves.afterAdminChange];
      },
    },
    cancel: {
      name: 'cancelOrder',
      get steps() {
        return [
          ...common,
          releaseStock,
          moves.queueCancellationMail,
          ...cancelSteps,
          moves.loadRecord,
          ...moves.afterAdminChange,
        ];
      },
    },
  };
}

/** The shopper's cancellation and the back office's moves, each a run of one of the workflows. */
export class OrderStatusFlow {
  private readonly workflows;

  constructor(private readonly options: OrderStatusOptions) {
    this.workflows = statusWorkflows(options);
  }

  /** Within 24 hours and before packing (spec section 9); the stock returns. */
  async cancelForUser(userId: string, orderId: string): Promise<Order> {
    const order = await this.options.moves.shopperOrder(userId, orderId);
    const record = await this.apply(new ChangingStatus(order, 'cancelled', 'shopper'));
    return this.options.moves.shopperOrderOf(record);
  }

  /**
   * An admin moves an order one step forward (shipped with its courier and tracking) or cancels it (with a reason;
   * the stock returns and a paid prepaid order is refunded): audited and mailed in the change's transaction.
   */
  async changeByAdmin(
    orderId: string,
    status: OrderStatus,
    admin: AdminChange,
    shipment?: Shipment,
  ): Promise<AdminOrder> {
    const order = await this.options.moves.orderByPublicId(orderId);
    const record = await this.apply(new ChangingStatus(order, status, 'shop', shipment, admin));
    return this.options.moves.adminOrderOf(record);
  }

  private async apply(change: ChangingStatus): Promise<MovedOrderRecord> {
    this.options.moves.checkMove(change);
    const workflow = change.cancelling
      ? this.workflows.cancel
      : change.status === 'delivered'
        ? this.workflows.deliver
        : this.workflows.advance;
    return (await runWorkflow(this.options.database, workflow, change)).record;
  }
}
