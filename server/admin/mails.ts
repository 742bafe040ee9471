import { escapeHtml, layout, linkMail } from '../platform/mail/templates.ts';
import type { OutgoingMail } from '../platform/mail/face.ts';

interface Moment {
  shopName: string;
  /** The address the codes came from. */
  ip: string;
  at: Date;
}

const shownTime = (at: Date) =>
  `${at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} IST`;

function notice(to: string, shopName: string, subject: string, lines: string[]): OutgoingMail {
  const text = ['Hello,', '', ...lines, '', shopName].join('\n');
  const html = layout(shopName, subject, ['Hello,', ...lines].map((line) => `<p>${escapeHtml(line)}</p>`).join(''));
  return { to, subject, text, html };
}

const IF_NOT_YOU =
  'If this was not you, someone knows your password: change it now (Forgot password? on the sign-in page), and ' +
  'tell the shop owner.';

/** To the admin whose code step just locked (decision 0047). */
export const codeLockMail = (to: string, { shopName, ip, at }: Moment, lockedForSeconds: number) =>
  notice(to, shopName, `${shopName} back office: sign-in codes locked`, [
    `Five wrong sign-in codes were given for your back-office account, the last from the address ${ip} at ` +
      `${shownTime(at)}. Your account takes no code for the next ${Math.ceil(lockedForSeconds / 60)} minutes, ` +
      'from any device.',
    IF_NOT_YOU,
  ]);

/** To the admin who (or whose password and code) just signed in with a recovery code. */
export const recoveryCodeUsedMail = (to: string, { shopName, ip, at }: Moment, left: number) =>
  notice(to, shopName, `${shopName} back office: a recovery code was used`, [
    `One of your recovery codes signed in to the back office from the address ${ip} at ${shownTime(at)}. ` +
      `${left} unused code${left === 1 ? '' : 's'} left.`,
    IF_NOT_YOU,
  ]);

/**
 * The invitation to the back office. It names neither the invitee nor the owner: what the owner typed could be a
 * stranger's address, and the mail should read the same to whoever gets it.
 */
export const invitationMail = (shopName: string, link: string, hours: number) =>
  linkMail(
    shopName,
    `You are invited to the ${shopName} back office`,
    'Hello,',
    [
      `The owner of ${shopName} invited you to help run the shop's back office as staff.`,
      `Following the link you choose a new password and set up an authenticator app. The link works once, for ${hours} hours.`,
      'If you did not expect this, ignore this e-mail: nothing changes.',
    ],
    'Accept the invitation',
    link,
  );
