/**
 * One-click unsubscribe headers (RFC 2369, RFC 8058; decision 0049). The outbox keeps a mail's text, not its
 * headers: a module whose mails carry a stop link says how its links start, and the sender gives each mail whose
 * text holds one `List-Unsubscribe: <link>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail
 * client's own unsubscribe button posts to the link. The link must answer that POST without a cookie or CSRF token.
 */
export type MailHeaders = Record<string, string>;

/** The headers for the first link in `text` that starts with one of the prefixes; none when there is no such link. */
export function unsubscribeHeaders(text: string, linkPrefixes: readonly string[]): MailHeaders {
  for (const prefix of linkPrefixes) {
    const start = text.indexOf(prefix);
    if (start < 0) continue;
    const link = /^[^\s<>"]+/.exec(text.slice(start))![0];
    return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return {};
}
