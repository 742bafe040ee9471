import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../server/platform/db/client.ts';
import { SimulatorError, notFound } from './errors.ts';
import { phonePeId, secretToken } from './ids.ts';
import { simulatorPayments } from './schema.ts';

export type SimulatorPayment = typeof simulatorPayments.$inferSelect;
export type PaymentState = SimulatorPayment['state'];

/** PhonePe's rule for the merchant's ids (orders and refunds). */
export const merchantIdField = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1 to 63 letters, digits, _ or -');

const payRequest = z.object({
  merchantOrderId: merchantIdField,
  amount: z.number({ error: 'must be a number of paise' }).int('must be whole paise').min(100, 'must be at least 100'),
  expireAfter: z
    .number()
    .int()
    .min(300, 'must be 300 to 3600 seconds')
    .max(3600, 'must be 300 to 3600 seconds')
    .nullish(),
  metaInfo: z.record(z.string(), z.string().max(256)).nullish(),
  paymentFlow: z.object(
    {
      type: z.literal('PG_CHECKOUT', { error: "must be 'PG_CHECKOUT'" }),
      message: z.string().max(256).nullish(),
      merchantUrls: z.object(
        { redirectUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }) },
        { error: 'is required' },
      ),
    },
    { error: 'is required' },
  ),
});

const DEFAULT_EXPIRE_AFTER_SECONDS = 1200;

const paymentInserts = new WeakMap<Db, ReturnType<typeof buildPaymentInsert>>();
const buildPaymentInsert = (db: Db) =>
  db
    .insert(simulatorPayments)
    .values({
      id: sql.placeholder('id'),
      merchantOrderId: sql.placeholder('merchantOrderId'),
      clientId: sql.placeholder('clientId'),
      amountPaise: sql.placeholder('amountPaise'),
      expireAt: sql.placeholder('expireAt'),
      redirectUrl: sql.placeholder('redirectUrl'),
      // Given as JSON text: drizzle's encoder would store JSON's null for SQL's NULL.
      metaInfo: sql`${sql.placeholder('metaInfo')}::jsonb`,
      payToken: sql.placeholder('payToken'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('simulator-create-payment');
/** Every pay runs it: built once per database, not on every call. */
const insertPayment = (db: Db) => {
  let prepared = paymentInserts.get(db);
  if (!prepared) paymentInserts.set(db, (prepared = buildPaymentInsert(db)));
  return prepared;
};

/** Creates a PENDING payment; a merchantOrderId the client used before is refused, as PhonePe refuses it. */
export async function createPayment(db: Db, clientId: string, body: unknown): Promise<SimulatorPayment> {
  // A ZodError answers 400 { code: 'BAD_REQUEST', message } (installSimulatorErrors).
  const request = payRequest.parse(body ?? {});
  const expireAfter = request.expireAfter ?? DEFAULT_EXPIRE_AFTER_SECONDS;
  const [row] = await insertPayment(db).execute({
    id: phonePeId('OMO'),
    merchantOrderId: request.merchantOrderId,
    clientId,
    amountPaise: request.amount,
    expireAt: new Date(Date.now() + expireAfter * 1000),
    redirectUrl: request.paymentFlow.merchantUrls.redirectUrl,
    metaInfo: request.metaInfo ? JSON.stringify(request.metaInfo) : null,
    payToken: secretToken(),
  });
  if (!row)
    throw new SimulatorError(
      409,
      'DUPLICATE_MERCHANT_ORDER_ID',
      `merchantOrderId ${request.merchantOrderId} was already used for another payment`,
    );
  return row;
}

export async function findPayment(db: Db, clientId: string, merchantOrderId: string): Promise<SimulatorPayment> {
  const [row] = await db
    .select()
    .from(simulatorPayments)
    .where(and(eq(simulatorPayments.clientId, clientId), eq(simulatorPayments.merchantOrderId, merchantOrderId)))
    .limit(1);
  if (!row) throw notFound(`No order with merchantOrderId ${merchantOrderId}`);
  return row;
}

export async function findByPayToken(db: Db, payToken: string): Promise<SimulatorPayment | undefined> {
  const [row] = await db.select().from(simulatorPayments).where(eq(simulatorPayments.payToken, payToken)).limit(1);
  return row;
}

export interface Settlement {
  state: 'COMPLETED' | 'FAILED';
  errorCode: string | null;
  /** The attempt's id; null when the shopper never attempted (cancelled). */
  transactionId: string | null;
  /** What the bank reports as paid, when it differs from the order's amount. */
  amountPaise?: number;
}

/** The one way a payment becomes final: only a PENDING, unexpired payment changes. Null when it did not. */
export async function settlePayment(db: Db, id: string, settlement: Settlement): Promise<SimulatorPayment | null> {
  const now = new Date();
  const [row] = await db
    .update(simulatorPayments)
    .set({ ...settlement, updatedAt: now })
    .where(
      and(eq(simulatorPayments.id, id), eq(simulatorPayments.state, 'PENDING'), gt(simulatorPayments.expireAt, now)),
    )
    .returning();
  return row ?? null;
}

/** PhonePe reports a payment nobody completed in time as FAILED. Null when it was not due (or another process won). */
export async function expireIfDue(db: Db, payment: SimulatorPayment): Promise<SimulatorPayment | null> {
  if (payment.state !== 'PENDING' || payment.expireAt > new Date()) return null;
  const now = new Date();
  const [row] = await db
    .update(simulatorPayments)
    .set({ state: 'FAILED', errorCode: 'TXN_NOT_COMPLETED', updatedAt: now })
    .where(
      and(
        eq(simulatorPayments.id, payment.id),
        eq(simulatorPayments.state, 'PENDING'),
        lte(simulatorPayments.expireAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export const newTransactionId = () => phonePeId('OM');
