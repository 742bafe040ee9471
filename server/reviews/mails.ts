import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';

interface ReviewRequest {
  shopName: string;
  fullName: string;
  /** The order's public id, as the shopper knows it. */
  orderId: string;
  /** Each product to review, with a link straight to its review form. */
  products: { title: string; reviewLink: string }[];
}

/** Sent REVIEW_REQUEST_DAYS after an order is delivered: one mail per order, one link per product in it. */
export function reviewRequestMail(mail: ReviewRequest): Omit<OutgoingMail, 'to'> {
  const { shopName, fullName, orderId, products } = mail;
  const greeting = `Hi ${fullName || 'there'},`;
  const [first] = products;
  const subject =
    products.length === 1 && first ? `How do you like ${first.title}?` : `How do you like your order ${orderId}?`;
  const ask = `Your order ${orderId} arrived a few days ago. A few words and a star rating help other shoppers choose.`;
  const text = [
    greeting,
    '',
    ask,
    '',
    ...products.map((product) => `Review ${product.title}: ${product.reviewLink}`),
    '',
    `Thank you for shopping with ${shopName}.`,
  ].join('\n');
  const button = (product: ReviewRequest['products'][number]) =>
    `<p>${escapeHtml(product.title)}<br><a href="${escapeHtml(product.reviewLink)}" style="display:inline-block;margin-top:6px;padding:10px 18px;background:#963f1d;color:#ffffff;text-decoration:none;border-radius:6px">Write a review</a></p>`;
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(ask)}</p>`,
    ...products.map(button),
    `<p>${escapeHtml(`Thank you for shopping with ${shopName}.`)}</p>`,
  ].join('');
  return { subject, text, html: layout(shopName, subject, body) };
}
