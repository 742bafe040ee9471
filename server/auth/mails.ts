import { escapeHtml, layout } from '../mail/index.ts';

interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function linkMail(
  shopName: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  link: string,
): MailContent {
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', `${shopName}`].join('\n');
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#963f1d;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:12px;color:#57534e">If the button does not work, open this address: ${escapeHtml(link)}</p>`,
  ].join('');
  return { subject, text, html: layout(shopName, subject, body) };
}

// Link mails go to addresses nobody has proved they own yet: they carry nothing a stranger typed (not even the
// name given at sign-up), so they cannot be used to send someone else's text or links from the shop.
export const verificationMail = (shopName: string, link: string) =>
  linkMail(
    shopName,
    `Verify your e-mail for ${shopName}`,
    'Hello,',
    ['Thank you for signing up. Please confirm your e-mail address; the link works for 24 hours.'],
    'Verify my e-mail',
    link,
  );

export const passwordResetMail = (shopName: string, link: string) =>
  linkMail(
    shopName,
    `Reset your ${shopName} password`,
    'Hello,',
    [
      'We received a request to reset your password. The link works once, for one hour.',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ],
    'Set a new password',
    link,
  );
