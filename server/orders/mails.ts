import { formatRupees, paiseToRupees } from '../../core/money.ts';
import { ORDER_STATUS_LABELS, shortOrderId, type OrderStatus, type Shipment } from '../../core/order.ts';
import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';
import type { TrackingNews } from '../platform/orders/face.ts';
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

/** A link the mail carries besides its order's tracking page (the courier's). */
interface MailLink {
  label: string;
  href: string;
}

function orderMail(
  { order, items }: MailedOrder,
  { shopName, origin, fullName }: MailContext,
  subject: string,
  lines: string[],
  link?: MailLink,
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
    ...(link ? [`${link.label}: ${link.href}`] : []),
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
      link ? `<p><a href="${escapeHtml(link.href)}" style="color:#963f1d">${escapeHtml(link.label)}</a></p>` : '',
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

/** What the shopper is told at each step the shop moves the order along. */
const STATUS_NEWS: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Your order has been confirmed. We are getting it ready.',
  packed: 'Your order has been packed and will be handed to the courier soon.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. Thank you for shopping with us.',
};

/** The mail of a status change made from the back office; a shipped order's carries its courier and tracking. */
export function orderStatusMail(
  record: MailedOrder,
  context: MailContext,
  status: OrderStatus,
  shipment: Shipment | null,
): OutgoingMail {
  const label = ORDER_STATUS_LABELS[status].toLowerCase();
  const lines = [STATUS_NEWS[status] ?? `Your order is now ${label}.`];
  if (shipment) lines.push(`Courier: ${shipment.courier}`, `Tracking number: ${shipment.trackingNumber}`);
  const link = shipment ? { label: 'Track the parcel', href: shipment.trackingUrl } : undefined;
  return orderMail(record, context, `Order ${label}: ${shortOrderId(record.order.orderId)}`, lines, link);
}

/** What a courier's scan tells the shopper (issue 34): the subject, and the lines under it. */
const TRACKING_NEWS: Record<TrackingNews, { subject: (shortId: string) => string; lines: string[] }> = {
  out_for_delivery: {
    subject: (shortId) => `Your order ${shortId} is out for delivery`,
    lines: ['Your order is out for delivery and should reach you today.'],
  },
  delivered: {
    subject: (shortId) => `Your order ${shortId} has been delivered`,
    lines: ['Your order has been delivered. Thank you for shopping with us.'],
  },
  returned: {
    subject: (shortId) => `Your order ${shortId} has been returned to us`,
    lines: ['The courier could not deliver your order and has brought it back to us.'],
  },
};

/** The mail of a courier's scan: out for delivery, delivered, or returned to the shop (with its refund, if paid). */
export function orderTrackingMail(record: MailedOrder, context: MailContext, news: TrackingNews): OutgoingMail {
  const { subject, lines } = TRACKING_NEWS[news];
  const refunding = news === 'returned' && record.order.paymentStatus === 'refund_pending';
  return orderMail(
    record,
    context,
    subject(shortOrderId(record.order.orderId)),
    refunding ? [...lines, 'Your payment will be refunded within 5-7 business days.'] : lines,
  );
}
