import type { Db } from '../platform/db/client.ts';
import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { MailOutbox, OutgoingMail } from '../platform/mail/face.ts';
import type { LowStockCrossing } from './levels.ts';

/** Where low-stock mails go and what they link to. */
export interface LowStockSettings {
  /** LOW_STOCK_THRESHOLD: the threshold of a product without its own. */
  defaultThreshold: number;
  shopName: string;
  /** SHOP_EMAIL: the shop's own inbox. */
  shopEmail: string;
  /** The shop's public origin, for the link to the product's back-office page. */
  origin: string;
}

/** The shop's mail about one product that has just reached its low-stock threshold. */
export function lowStockMail(
  { productId, title, countInStock, threshold }: LowStockCrossing,
  { shopName, shopEmail, origin }: LowStockSettings,
): OutgoingMail {
  const subject = `Low stock: ${title} (${countInStock} left)`;
  const link = `${origin}/admin/products/${productId}`;
  const lines = [
    `'${title}' has ${countInStock} left in stock, at or below its low-stock threshold of ${threshold}.`,
    'Restock it or adjust its stock in the back office:',
  ];
  const text = [...lines, link].join('\n\n');
  const html = layout(
    shopName,
    subject,
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  );
  return { to: shopEmail, subject, text, html };
}

/**
 * Queues one mail per product that crossed its threshold, in the transaction that moved its stock: the mail goes
 * if and only if the change commits. Staying below sends nothing; going back above and down again sends anew.
 */
export async function queueLowStockMails(
  tx: Db,
  outbox: MailOutbox,
  settings: LowStockSettings,
  crossings: readonly LowStockCrossing[],
): Promise<void> {
  for (const crossing of crossings) await outbox.enqueue(lowStockMail(crossing, settings), tx);
}
