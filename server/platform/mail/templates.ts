const BRAND = '#963f1d';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Makes text safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** A table-based layout with inline styles only, because many mail clients drop <style> and ignore flexbox. */
export function layout(shopName: string, title: string, bodyHtml: string): string {
  const shop = escapeHtml(shopName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f5f4">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:${BRAND};border-radius:8px 8px 0 0;padding:20px 24px;${FONT};font-size:20px;font-weight:bold;color:#ffffff">${shop}</td></tr>
<tr><td style="padding:24px;${FONT};font-size:16px;line-height:1.5;color:#1c1917">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;${FONT};font-size:12px;color:#57534e">You received this e-mail from ${shop}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** A mail whose point is one link: a greeting, a few lines, and the link as a button and as text. */
export function linkMail(
  shopName: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  link: string,
): { subject: string; text: string; html: string } {
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', `${shopName}`].join('\n');
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:12px;color:#57534e">If the button does not work, open this address: ${escapeHtml(link)}</p>`,
  ].join('');
  return { subject, text, html: layout(shopName, subject, body) };
}
