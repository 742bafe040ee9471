import { describe, expect, it } from 'vitest';
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
