import { formatRupees, paiseToRupees } from '../../core/money.ts';
import { shortOrderId } from '../../core/order.ts';
import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';

export interface PaymentMailContext {
  shopName: string;
  origin: string;
  fullName: string;
  to: string;
  orderId: string;
}

const rupees = (paise: number) => formatRupees(paiseToRupees(paise), { fixedDecimals: true });

function notice(
  context: PaymentMailContext,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): OutgoingMail {
  const greeting = `Hi ${context.fullName},`;
  const orderLine = `Order ID: ${context.orderId}`;
  const text = [greeting, '', ...lines, '', orderLine, '', `${link.label}: ${link.href}`, '', context.shopName].join(
    '\n',
  );
  const html = layout(
    context.shopName,
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>${escapeHtml(orderLine)}</strong></p>`,
      `<p><a href="${escapeHtml(link.href)}" style="color:#963f1d">${escapeHtml(link.label)}</a></p>`,
    ].join(''),
  );
  return { to: context.to, subject, text, html };
}

const trackLink = (context: PaymentMailContext) => ({
  href: `${context.origin}/track-your-order?orderId=${context.orderId}`,
  label: 'Track your order',
});

export const paymentReceivedMail = (context: PaymentMailContext, amountPaise: number) =>
  notice(
    context,
    `Payment received: ${shortOrderId(context.orderId)}`,
    [`We have received your payment of ${rupees(amountPaise)}. Thank you! We will let you know when your order ships.`],
    trackLink(context),
  );

export const paymentFailedMail = (context: PaymentMailContext, payUntil: Date | null) =>
  notice(
    context,
    `Payment failed: ${shortOrderId(context.orderId)}`,
    [
      'Your payment did not go through, and no money was taken.',
      payUntil
        ? `Your order is saved until ${payUntil.toUTCString()}: you can try paying again until then.`
        : 'You can try paying again.',
    ],
    { href: `${context.origin}/checkout?payOrder=${context.orderId}`, label: 'Try paying again' },
  );

export const refundStartedMail = (context: PaymentMailContext, amountPaise: number, reason: string) =>
  notice(
    context,
    `Refund started: ${shortOrderId(context.orderId)}`,
    [
      reason,
      `We have started a refund of ${rupees(amountPaise)} to your payment method. It usually arrives within 5-7 business days.`,
    ],
    trackLink(context),
  );

export const refundDoneMail = (context: PaymentMailContext, amountPaise: number) =>
  notice(
    context,
    `Refund completed: ${shortOrderId(context.orderId)}`,
    [`Your refund of ${rupees(amountPaise)} is complete. Depending on your bank it may take a day to show.`],
    trackLink(context),
  );
