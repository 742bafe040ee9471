import { formatRupees } from '../../core/money.ts';
import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';

interface BackInStock {
  shopName: string;
  fullName: string;
  title: string;
  /** In rupees. */
  price: number;
  productLink: string;
  /** Turns these mails off in one click (decision 0028). */
  stopLink: string;
}

/**
 * A wished-for product is back. It goes only to addresses their owners have proved, so the name in it is theirs;
 * the title is the shop's own.
 */
export function backInStockMail(mail: BackInStock): Omit<OutgoingMail, 'to'> {
  const { shopName, fullName, title, productLink, stopLink } = mail;
  const subject = `Back in stock: ${title}`;
  const news = `Good news: ${title}, on your wishlist, is back in stock at ${formatRupees(mail.price)}.`;
  const stop = 'You get this mail because the product is on your wishlist. To get no more of these mails';
  const text = [
    `Hi ${fullName || 'there'},`,
    '',
    news,
    '',
    `See it: ${productLink}`,
    '',
    `${stop}, open: ${stopLink}`,
    '',
    shopName,
  ].join('\n');
  const body = [
    `<p>${escapeHtml(`Hi ${fullName || 'there'},`)}</p>`,
    `<p>${escapeHtml(news)}</p>`,
    `<p><a href="${escapeHtml(productLink)}" style="display:inline-block;padding:12px 20px;background:#963f1d;color:#ffffff;text-decoration:none;border-radius:6px">See it</a></p>`,
    `<p style="font-size:12px;color:#57534e">${escapeHtml(stop)}, <a href="${escapeHtml(stopLink)}" style="color:#57534e">turn back-in-stock mails off</a>.</p>`,
  ].join('');
  return { subject, text, html: layout(shopName, subject, body) };
}
