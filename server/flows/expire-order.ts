// The expireOrder flow (decision 0064): an unpaid order past its time crosses the orders module (cancelled), the
// stock (given back) and the payments module's event log, so it lives above them and calls each through its face.
import type { Database } from '../platform/db/client.ts';
import { runWorkflow, type Workflow } from '../platform/db/workflow.ts';
import type { Stock } from '../platform/stock/face.ts';
import type { OrderLine, OrderPayments } from '../platform/orders/face.ts';
import type { OrderExpiry, PaymentLedger } from '../platform/payments/face.ts';
import type { PaymentStatus } from '../../core/contracts/payments.ts';

interface ExpiringOrder {
  id: string;
  fromState: PaymentStatus | null;
  /** What the expiry gives back: the order's public id and its lines. */
  released: { orderId: string; lines: OrderLine[] } | null;
}

export interface ExpireOrderOptions {
  database: Database;
  orders: OrderPayments;
  stock: Pick<Stock, 'releaseStock'>;
  ledger: Pick<PaymentLedger, 'record'>;
}

/**
 * An unpaid order past its time: expireOrder (orders: cancelled) → releaseStock (stock back to the catalogue) →
 * recordExpiry. When it was paid or cancelled meanwhile, nothing moves. The payments module's reconciler runs it
 * (extension point `payments.expiry`) after a last check of the order's attempts with the gateway.
 */
export class ExpireOrder implements OrderExpiry {
  private readonly workflow: Workflow<ExpiringOrder>;

  constructor(private readonly deps: ExpireOrderOptions) {
    const { orders, stock, ledger } = deps;
    this.workflow = {
      name: 'expireOrder',
      steps: [
        {
          name: 'expireOrder',
          run: async (tx, expiring) => {
            const current = await orders.byId(expiring.id, tx);
            const lines = current ? await orders.expire(expiring.id, tx) : null;
            if (!current || !lines) return;
            expiring.fromState = current.paymentStatus;
            expiring.released = { orderId: current.orderId, lines };
          },
        },
        {
          name: 'releaseStock',
          run: async (tx, { released }) => {
            if (released) await stock.releaseStock(tx, released.lines, { kind: 'expiry', orderId: released.orderId });
          },
        },
        {
          name: 'recordExpiry',
          run: async (tx, { id, fromState }) => {
            if (!fromState) return;
            await ledger.record(tx, {
              orderId: id,
              subject: 'order',
              fromState,
              toState: 'expired',
              source: 'reconciliation',
            });
          },
        },
      ],
    };
  }

  async expireOrder(id: string): Promise<void> {
    await runWorkflow(this.deps.database, this.workflow, { id, fromState: null, released: null });
  }
}
