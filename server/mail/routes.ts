import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DEV_MAILBOX_POLICY } from '../platform/http/content-security-policy.ts';
import { escapeHtml } from '../platform/mail/templates.ts';
import type { LocalMailbox } from './transports.ts';

const LIST_LIMIT = 50;

/** Mail links open in the whole tab, as they would from a mail client; the sandbox still blocks scripts. */
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';
const BASE_TARGET = '<base target="_top">';

const STYLE = `body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 16px}a{color:#963f1d}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e7e5e4}
th{font-size:13px;color:#57534e}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{color:#57534e}dd{margin:0}
iframe{width:100%;height:600px;border:1px solid #e7e5e4;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #e7e5e4}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const time = (date: Date) =>
  `<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 19).replace('T', ' ')} UTC</time>`;

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', DEV_MAILBOX_POLICY)
    .send(html);
}

/** Puts a <base> in the mail's head (or in front of it) so it applies without pushing the doctype aside. */
function withBaseTarget(html: string): string {
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + BASE_TARGET) : BASE_TARGET + html;
}

/** Development only: the mails the local transport stored, as a mail client would show them. */
export const devMailboxRoutes: FastifyPluginAsync<{ mailbox: LocalMailbox }> = async (app, { mailbox }) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await mailbox.list(LIST_LIMIT);
    const rows = mails.map(
      (mail) =>
        `<tr><td>${time(mail.createdAt)}</td><td>${escapeHtml(mail.to)}</td>` +
        `<td><a href="/dev/mailbox/${escapeHtml(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></td></tr>`,
    );
    const body = mails.length
      ? `<table><thead><tr><th>Time</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>No mails yet.</p>';
    return send(reply, 200, page('Dev mailbox', `<h1>Dev mailbox</h1>${body}`));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', { schema: { hide: true } }, async (request, reply) => {
    const mail = await mailbox.get(request.params.id);
    if (!mail)
      return send(reply, 404, page('Mail not found', '<p>Mail not found. <a href="/dev/mailbox">Back</a></p>'));
    const body = `<p><a href="/dev/mailbox">&larr; All mails</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Time</dt><dd>${time(mail.createdAt)}</dd></dl>
<iframe title="HTML version" sandbox="${SANDBOX}" srcdoc="${escapeHtml(withBaseTarget(mail.html))}"></iframe>
<h2>Text version</h2><pre>${escapeHtml(mail.text)}</pre>`;
    return send(reply, 200, page(mail.subject, body));
  });
};
