import { linkMail } from '../mail/index.ts';

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
