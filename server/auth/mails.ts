import { linkMail } from '../platform/mail/templates.ts';

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
