import { ORDER_STATUS_LABELS } from '../../core/order.ts';
import type { AdminOrderRow } from '../../core/contracts/admin-orders.ts';

/** Characters a spreadsheet may read as the start of a formula (OWASP's list: = + - @, tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, its quotes doubled. Text a
 * spreadsheet would run as a formula is prefixed with an apostrophe, so it shows as text instead.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const INDIA_OFFSET_MS = 330 * 60_000;
/** '2026-11-27 14:05', India time: what a spreadsheet sorts and reads. */
const indianTime = (iso: string) =>
  new Date(Date.parse(iso) + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

const COLUMNS: Array<[heading: string, cell: (row: AdminOrderRow) => string | number]> = [
  ['Order ID', (row) => row.orderId],
  ['Placed at (IST)', (row) => indianTime(row.placedAt)],
  ['Customer', (row) => row.customerName],
  ['E-mail', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['State', (row) => row.state],
  ['PIN', (row) => row.pincode],
  ['Total (INR)', (row) => row.total.toFixed(2)],
  ['Payment method', (row) => (row.paymentMethod === 'cod' ? 'Cash on delivery' : 'Prepaid')],
  ['Payment state', (row) => row.paymentState],
  ['Status', (row) => ORDER_STATUS_LABELS[row.status]],
];

/** The orders as a CSV file: a header row, then one line per order, lines ending CRLF. */
export function ordersCsv(rows: readonly AdminOrderRow[]): string {
  const lines = [COLUMNS.map(([heading]) => csvCell(heading))];
  for (const row of rows) lines.push(COLUMNS.map(([, cell]) => csvCell(cell(row))));
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
