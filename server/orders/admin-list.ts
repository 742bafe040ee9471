import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { paiseToRupees } from '../../core/money.ts';
import { ORDER_ID_SHOWN_CHARS, PHONE_DIGITS, PINCODE_DIGITS } from '../../core/constants.ts';
import type { AdminOrderFilters, AdminOrderList, AdminOrderRow } from '../../core/contracts/admin-orders.ts';
import { orders } from './schema.ts';
import { knownShapeOrderId } from './order-id.ts';

/** India's offset from UTC: the list's dates are the shop's days (India has no daylight saving). */
const INDIA_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

/** A field of the shipping address, written as the indexes on it are (a literal key), so they serve the query. */
const address = (field: 'fname' | 'lname' | 'phone' | 'state' | 'pincode' | 'email') =>
  sql<string>`(${orders.shippingAddress}->>${sql.raw(`'${field}'`)})`;

const PIN = new RegExp(`^\\d{${PINCODE_DIGITS}}$`);
const SHORT_ID = new RegExp(`^#?[0-9a-z]{${ORDER_ID_SHOWN_CHARS}}$`, 'i');

/** Part of an e-mail address, as LIKE reads it: its wildcards taken literally. */
const emailContains = (text: string) => sql`${orders.email} like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * A search's meaning by its shape: a whole order id, a phone number (10 digits, perhaps with +91 and spaces), an
 * e-mail address, or else part of an e-mail address; six letters or digits may also be an order's short id (#…).
 */
function searchCondition(query: string): SQL {
  const text = query.trim();
  const fullId = knownShapeOrderId(text);
  if (fullId) return eq(orders.orderId, fullId);
  const digits = text.replace(/[\s()+-]/g, '');
  if (/^\d+$/.test(digits) && digits.length >= PHONE_DIGITS) return eq(address('phone'), digits.slice(-PHONE_DIGITS));
  const email = text.toLowerCase();
  if (/^[^@\s]+@[^@\s]+$/.test(email)) return or(eq(orders.email, email), sql`lower(${address('email')}) = ${email}`)!;
  if (!SHORT_ID.test(text)) return emailContains(email);
  const shortId = sql`right(${orders.orderId}, ${sql.raw(String(ORDER_ID_SHOWN_CHARS))}) = ${text.replace('#', '').toUpperCase()}`;
  return text.startsWith('#') ? shortId : or(shortId, emailContains(email))!;
}

/** The start of a day (YYYY-MM-DD) in India. */
const indianDayStart = (day: string) => new Date(`${day}T00:00:00${INDIA_OFFSET}`);

/** Each filter given narrows the list; all together. */
export function whereOf(filters: AdminOrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.paymentMethod) where.push(eq(orders.paymentMethod, filters.paymentMethod));
  if (filters.paymentState) where.push(eq(orders.paymentStatus, filters.paymentState));
  if (filters.from) where.push(gte(orders.createdAt, indianDayStart(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, new Date(indianDayStart(filters.to).getTime() + DAY_MS)));
  if (filters.region) {
    const region = filters.region.trim();
    where.push(
      PIN.test(region) ? eq(address('pincode'), region) : sql`lower(${address('state')}) = ${region.toLowerCase()}`,
    );
  }
  if (filters.q) where.push(searchCondition(filters.q));
  return and(...where);
}

const rowColumns = {
  orderId: orders.orderId,
  createdAt: orders.createdAt,
  fname: address('fname'),
  lname: address('lname'),
  email: orders.email,
  phone: address('phone'),
  state: address('state'),
  pincode: address('pincode'),
  totalPricePaise: orders.totalPricePaise,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
};

const selectRows = (db: Db) => db.select(rowColumns).from(orders).$dynamic();
type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

const presentRow = (row: SelectedRow): AdminOrderRow => ({
  orderId: row.orderId,
  placedAt: row.createdAt.toISOString(),
  customerName: [row.fname, row.lname].filter(Boolean).join(' '),
  email: row.email,
  phone: row.phone ?? '',
  state: row.state ?? '',
  pincode: row.pincode ?? '',
  total: paiseToRupees(row.totalPricePaise),
  paymentMethod: row.paymentMethod,
  paymentState: row.paymentStatus,
  status: row.status,
});

/** The matching orders, newest first, from `offset`; every one when `limit` is undefined. */
export async function listRows(db: Db, filters: AdminOrderFilters, page?: { limit: number; offset: number }) {
  const query = selectRows(db).where(whereOf(filters)).orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(presentRow);
}

/** One page of the back office's list and the count of every matching order: two queries. */
export async function listPage(
  db: Db,
  { limit, offset, ...filters }: AdminOrderFilters & { limit: number; offset: number },
): Promise<AdminOrderList> {
  const [rows, [counted]] = await Promise.all([
    listRows(db, filters, { limit, offset }),
    db.select({ total: count() }).from(orders).where(whereOf(filters)),
  ]);
  return { orders: rows, total: counted?.total ?? 0, limit, offset };
}
