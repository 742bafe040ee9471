import type { ContactInput } from '../../core/contracts/contact.ts';
import { escapeHtml, layout } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';

/** How a ticket is written in mails and subjects: `#100001`. */
export const ticketLabel = (ticket: number) => `#${ticket}`;

export interface ShopAddress {
  shopName: string;
  shopEmail: string;
}

const INTRO = 'A message came through the contact form; its sender was sent an acknowledgement quoting the ticket.';
const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** The message for the shop's inbox: who wrote, how to reach them, and what they wrote, under its ticket. */
export function messageForShop(message: ContactInput, ticket: number, { shopName, shopEmail }: ShopAddress) {
  const subject = `[Ticket ${ticketLabel(ticket)}] Message from ${message.fullname}`;
  const details: [string, string][] = [
    ['Ticket', ticketLabel(ticket)],
    ['Name', message.fullname],
    ['Email', message.email],
    ['Phone', message.phone],
  ];
  const text = [INTRO, '', ...details.map(([label, value]) => `${label}: ${value}`), '', message.message].join('\n');
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#57534e">${label}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html = layout(
    shopName,
    subject,
    [
      paragraphs([INTRO]),
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0">${details.map(row).join('')}</table>`,
      // pre-wrap keeps the sender's line breaks without turning their text into markup.
      `<p style="white-space:pre-wrap;border-left:3px solid #e7e5e4;padding-left:12px">${escapeHtml(message.message)}</p>`,
    ].join(''),
  );
  // Replying from the shop's mailbox answers the sender.
  return { to: shopEmail, subject, text, html, replyTo: message.email } satisfies OutgoingMail;
}

/**
 * The sender's acknowledgement. Anyone can type any address into the form, so it carries nothing they typed (not
 * their name, not their message): the form cannot be used to send someone else's words from the shop.
 */
export function acknowledgementForSender(senderEmail: string, ticket: number, { shopName }: ShopAddress) {
  const subject = `We received your message: ticket ${ticketLabel(ticket)}`;
  const lines = [
    'Hello,',
    `Thank you for writing to ${shopName}. We have received your message and logged it under ticket ` +
      `${ticketLabel(ticket)}; please quote it if you write to us about it again.`,
    "India's Consumer Protection (E-Commerce) Rules, 2020 ask us to acknowledge every complaint within 48 hours " +
      'and to resolve it within one month. This e-mail is that acknowledgement, and our team will reply to you ' +
      'at this address.',
    'If you did not write to us, you can ignore this e-mail.',
  ];
  const text = [...lines, shopName].join('\n\n');
  return { to: senderEmail, subject, text, html: layout(shopName, subject, paragraphs(lines)) } satisfies OutgoingMail;
}

/** The subject of the shop's replies: the ticket in brackets, so the sender's mail app and the shop both thread by it. */
export const replySubject = (ticket: number, shopName: string) =>
  `Re: [Ticket ${ticketLabel(ticket)}] Your message to ${shopName}`;

/**
 * An admin's reply, from the shop. It carries the admin's words and the ticket, not the sender's message: the
 * address was typed by anyone, and the admin's reply stands on its own.
 */
export function replyForSender(
  senderEmail: string,
  ticket: number,
  reply: string,
  { shopName, shopEmail }: ShopAddress,
) {
  const subject = replySubject(ticket, shopName);
  const footer = [
    `${shopName}, ticket ${ticketLabel(ticket)}. Please quote it if you write to us about this again, by replying to ` +
      `this e-mail or at ${shopEmail}.`,
  ];
  const text = [reply, '', '--', ...footer].join('\n');
  const html = layout(
    shopName,
    subject,
    `<p style="white-space:pre-wrap">${escapeHtml(reply)}</p><hr style="border:0;border-top:1px solid #e7e5e4">` +
      paragraphs(footer),
  );
  return { to: senderEmail, subject, text, html, replyTo: shopEmail } satisfies OutgoingMail;
}
