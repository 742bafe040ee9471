import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../server/platform/db/client.ts';
import { SimulatorError, badRequest, notFound } from './errors.ts';
import { phonePeId } from './ids.ts';
import { merchantIdField } from './payments.ts';
import { simulatorPayments, simulatorRefunds } from './schema.ts';

export type SimulatorRefund = typeof simulatorRefunds.$inferSelect;

const refundRequest = z.object({
  merchantRefundId: merchantIdField,
  originalMerchantOrderId: z.string({ error: 'is required' }).min(1, 'is required'),
  amount: z.number({ error: 'must be a number of paise' }).int('must be whole paise').min(100, 'must be at least 100'),
});

const duplicate = (merchantRefundId: string) =>
  new SimulatorError(409, 'DUPLICATE_MERCHANT_REFUND_ID', `merchantRefundId ${merchantRefundId} was already used`);

/**
 * A PENDING refund of a COMPLETED order, at most what is left to refund. The order's row is locked, so two
 * refunds at once cannot both take the last rupees.
 */
export async function createRefund(
  db: Db,
  clientId: string,
  body: unknown,
  settleMs: number,
): Promise<SimulatorRefund> {
  const { merchantRefundId, originalMerchantOrderId, amount } = refundRequest.parse(body ?? {});
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ state: simulatorPayments.state, amountPaise: simulatorPayments.amountPaise })
      .from(simulatorPayments)
      .where(
        and(eq(simulatorPayments.clientId, clientId), eq(simulatorPayments.merchantOrderId, originalMerchantOrderId)),
      )
      .for('update');
    if (!payment) throw notFound(`No order with merchantOrderId ${originalMerchantOrderId}`);
    const ofThisOrder = and(
      eq(simulatorRefunds.clientId, clientId),
      eq(simulatorRefunds.originalMerchantOrderId, originalMerchantOrderId),
    );
    const [taken] = await tx
      .select({ id: simulatorRefunds.id })
      .from(simulatorRefunds)
      .where(and(eq(simulatorRefunds.clientId, clientId), eq(simulatorRefunds.merchantRefundId, merchantRefundId)));
    if (taken) throw duplicate(merchantRefundId);
    if (payment.state !== 'COMPLETED')
      throw badRequest(`Only a COMPLETED order can be refunded; ${originalMerchantOrderId} is ${payment.state}`);
    const [sum] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${simulatorRefunds.amountPaise}), 0)::int` })
      .from(simulatorRefunds)
      .where(and(ofThisOrder, ne(simulatorRefunds.state, 'FAILED')));
    const left = payment.amountPaise - (sum?.refunded ?? 0);
    if (amount > left) throw badRequest(`amount: at most ${left} paise of this order is left to refund`);
    const [row] = await tx
      .insert(simulatorRefunds)
      .values({
        id: phonePeId('OMR'),
        merchantRefundId,
        clientId,
        originalMerchantOrderId,
        amountPaise: amount,
        settleAt: new Date(Date.now() + settleMs),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw duplicate(merchantRefundId);
    return row;
  });
}

export async function findRefund(db: Db, clientId: string, merchantRefundId: string): Promise<SimulatorRefund> {
  const [row] = await db
    .select()
    .from(simulatorRefunds)
    .where(and(eq(simulatorRefunds.clientId, clientId), eq(simulatorRefunds.merchantRefundId, merchantRefundId)))
    .limit(1);
  if (!row) throw notFound(`No refund with merchantRefundId ${merchantRefundId}`);
  return row;
}

/** Only a PENDING refund changes; `settleAt` becomes the time it settled. Null when it was already final. */
export async function settleRefund(
  db: Db,
  id: string,
  state: 'COMPLETED' | 'FAILED',
  { onlyWhenDue = false } = {},
): Promise<SimulatorRefund | null> {
  const now = new Date();
  const due = onlyWhenDue ? lte(simulatorRefunds.settleAt, now) : undefined;
  const [row] = await db
    .update(simulatorRefunds)
    .set({ state, settleAt: now })
    .where(and(eq(simulatorRefunds.id, id), eq(simulatorRefunds.state, 'PENDING'), due))
    .returning();
  return row ?? null;
}

/** Every refund whose time has come completes; each is returned to the one process that completed it. */
export async function settleDueRefunds(db: Db): Promise<SimulatorRefund[]> {
  const now = new Date();
  return db
    .update(simulatorRefunds)
    .set({ state: 'COMPLETED', settleAt: now })
    .where(and(eq(simulatorRefunds.state, 'PENDING'), lte(simulatorRefunds.settleAt, now)))
    .returning();
}
