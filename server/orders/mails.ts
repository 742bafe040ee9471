import { formatRupees, paiseToRupees } from '../../core/money.ts';
import { shortOrderId } from '../../core/order.ts';
import { escapeHtml, layout, type OutgoingMail } from '../mail/index.ts';
import type { OrderItemRow, OrderRow } from './present.ts';

/** What an order mail reads: the order's totals and its lines. */
interface MailedOrder {
  order: Pick<
    OrderRow,
    | 'orderId'
    | 'email'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'itemsPricePaise'
    | 'shippingPricePaise'
    | 'totalPricePaise'
  >;
  items: Pick<OrderItemRow, 'title' | 'quantity' | 'unitPricePaise'>[];
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise), { fixedDecimals: true });

interface MailContext {
  shopName: string;
  origin: string;
  fullName: string;
}

function orderMail(
  { order, items }: MailedOrder,
  { shopName, origin, fullName }: MailContext,
  subject: string,
  lines: string[],
): OutgoingMail {
  const trackLink = `${origin}/track-your-order?orderId=${order.orderId}`;
  const itemLines = items.map(
    (item) => `${item.title} × ${item.quantity}: ${rupees(item.unitPricePaise * item.quantity)}`,
  );
  const totals = [
    `Subtotal: ${rupees(order.itemsPricePaise)}`,
    `Shipping: ${order.shippingPricePaise === 0 ? 'Free' : rupees(order.shippingPricePaise)}`,
    `Total: ${rupees(order.totalPricePaise)}`,
  ];
  const text = [
    `Hi ${fullName},`,
    '',
    ...lines,
    '',
    `Order ID: ${order.orderId}`,
    ...itemLines,
    ...totals,
    '',
    `Track your order: ${trackLink}`,
    '',
    shopName,
  ].join('\n');
  const row = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:4px 0">${escapeHtml(label)}</td><td align="right" style="padding:4px 0${bold ? ';font-weight:bold' : ''}">${escapeHtml(value)}</td></tr>`;
  const html = layout(
    shopName,
    subject,
    [
      `<p>${escapeHtml(`Hi ${fullName},`)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>Order ID: ${escapeHtml(order.orderId)}</strong></p>`,
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">',
      ...items.map((item) => row(`${item.title} × ${item.quantity}`, rupees(item.unitPricePaise * item.quantity))),
      row('Subtotal', rupees(order.itemsPricePaise)),
      row('Shipping', order.shippingPricePaise === 0 ? 'Free' : rupees(order.shippingPricePaise)),
      row('Total', rupees(order.totalPricePaise), true),
      '</table>',
      `<p><a href="${escapeHtml(trackLink)}" style="color:#963f1d">Track your order</a></p>`,
    ].join(''),
  );
  return { to: order.email, subject, text, html };
}

export const orderPlacedMail = (record: MailedOrder, context: MailContext) =>
  orderMail(
    record,
    context,
    `Order placed: ${shortOrderId(record.order.orderId)}`,
    [
      'Thank you for your order. We will let you know when it ships.',
      record.order.paymentMethod === 'cod' ? 'Please keep the total ready in cash for the delivery.' : '',
    ].filter(Boolean),
  );

export const orderCancelledMail = (record: MailedOrder, context: MailContext) =>
  orderMail(
    record,
    context,
    `Order cancelled: ${shortOrderId(record.order.orderId)}`,
    [
      'Your order has been cancelled.',
      record.order.paymentStatus === 'paid' ? 'Your payment will be refunded within 5-7 business days.' : '',
    ].filter(Boolean),
  );
