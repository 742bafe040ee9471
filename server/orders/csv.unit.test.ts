import { describe, expect, it } from 'vitest';
import { ORDERS_CSV_LINE_MAX, adminOrderRowSchema, type AdminOrderRow } from '../../core/contracts/admin-orders.ts';
import { PAYMENT_STATUSES } from '../../core/contracts/payments.ts';
import { ORDER_STATUS_LABELS } from '../../core/order.ts';
import { csvCell, ordersCsv } from './csv.ts';

describe('csvCell', () => {
  it('quotes cells with quotes, commas or line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+91 98', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvCell(499)).toBe('499');
  });
});

describe('ordersCsv', () => {
  it('writes the header and one CRLF line per order, with India time', () => {
    const csv = ordersCsv([
      {
        orderId: 'ABC',
        placedAt: '2026-03-09T18:40:00.000Z',
        customerName: 'Asha Verma',
        email: 'asha@example.in',
        phone: '9876543210',
        state: 'Maharashtra',
        pincode: '411001',
        total: 1299.5,
        paymentMethod: 'prepaid',
        paymentState: 'paid',
        status: 'shipped',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Order ID,Placed at (IST),Customer,E-mail,Phone,State,PIN,Total (INR),Payment method,Payment state,Status',
      'ABC,2026-03-10 00:10,Asha Verma,asha@example.in,9876543210,Maharashtra,411001,1299.50,Prepaid,paid,Shipped',
      '',
    ]);
  });
});

// The export's documented bound (decision 0051): no order, however long its fields, writes a longer line.
/** A text field at the longest its answer schema documents, each character a quote and the first a formula's. */
const longest = (field: keyof AdminOrderRow) => {
  const maxLength = (adminOrderRowSchema.shape[field].meta() as { maxLength: number }).maxLength;
  return `=${'"'.repeat(maxLength - 1)}`;
};
const longestOf = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a));

describe('the export bound', () => {
  it('writes no line longer than ORDERS_CSV_LINE_MAX, and the header line within it too', () => {
    const longestStatus = Object.entries(ORDER_STATUS_LABELS).reduce((a, b) => (b[1].length > a[1].length ? b : a));
    const row: AdminOrderRow = {
      orderId: longest('orderId'),
      placedAt: '2026-12-31T23:59:59.999Z',
      customerName: longest('customerName'),
      email: longest('email'),
      phone: longest('phone'),
      state: longest('state'),
      pincode: longest('pincode'),
      total: Number.MAX_SAFE_INTEGER / 100,
      paymentMethod: 'cod',
      paymentState: longestOf(PAYMENT_STATUSES) as AdminOrderRow['paymentState'],
      status: longestStatus[0] as AdminOrderRow['status'],
    };
    const lines = ordersCsv([row]).split('\r\n');
    for (const line of lines) expect(line.length + 2).toBeLessThanOrEqual(ORDERS_CSV_LINE_MAX);
    // The bound is near what the worst line takes, not a guess far above it.
    expect(lines[1]!.length).toBeGreaterThan(ORDERS_CSV_LINE_MAX * 0.9);
  });
});
