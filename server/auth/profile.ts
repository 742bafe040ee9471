import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { HttpError } from '../platform/http/errors.ts';
import { accountAddressSchema, accountDetailsSchema } from '../../core/contracts/account.ts';
import { firstError } from '../../core/contracts/fields.ts';
import { addresses, users } from './schema.ts';
import type { SessionStore } from './sessions.ts';
import type { EmailLinks } from './email-links.ts';
import type { PasswordCheckThrottle } from './limits.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword, type NewPasswordRules } from './passwords.ts';

type Body = Record<string, unknown>;
const ADDRESS_FIELDS = ['fname', 'address1', 'city', 'state', 'pincode'];

/** PUT /api/auth/profile carries either an address (bare or under `address`) or the account details. */
export function isAddressUpdate(body: Body): boolean {
  return typeof body.address === 'object' || ADDRESS_FIELDS.some((field) => field in body);
}

/** Saves the user's default address, creating it the first time. */
export async function saveDefaultAddress(db: Db, userId: string, body: Body): Promise<void> {
  const parsed = accountAddressSchema.safeParse(typeof body.address === 'object' ? body.address : body);
  if (!parsed.success) throw new HttpError(400, firstError(parsed)!);
  const [current] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  if (current) {
    await db
      .update(addresses)
      .set({ ...parsed.data, updatedAt: new Date() })
      .where(eq(addresses.id, current.id));
  } else {
    await db.insert(addresses).values({ ...parsed.data, userId, isDefault: true });
  }
}

export interface AccountDetailsDeps {
  db: Db;
  sessions: SessionStore;
  links: EmailLinks;
  passwordChecks: PasswordCheckThrottle;
  newPasswordRules: NewPasswordRules;
}

export const SET_PASSWORD_BY_LINK =
  "To add a password to an account that signs in with Google, use 'Forgot password?' on the sign-in page: we will e-mail you a link.";

/**
 * Saves name and phone and, when a new password is given, changes it after checking the current one. The
 * e-mail is the account's identity and cannot change here. A password change ends every other session and
 * voids any reset link sent before it. A Google-only account gets its first password through an e-mailed
 * link: an access token alone (which a script could steal) must not be enough to set one.
 */
export async function saveAccountDetails(
  { db, sessions, links, passwordChecks, newPasswordRules }: AccountDetailsDeps,
  userId: string,
  body: Body,
  currentSessionId: string,
): Promise<void> {
  const password = typeof body.password === 'string' ? body.password : '';
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Please sign in again');
  if (password && !user.passwordHash) throw new HttpError(400, SET_PASSWORD_BY_LINK);
  const parsed = accountDetailsSchema.safeParse({
    fullName: body.fullName ?? body.fullname,
    email: body.email,
    phone: body.phone,
    currentPassword: body.currentPassword ?? '',
    newPassword: password,
    confirmPassword: body.confirmPassword ?? password,
  });
  if (!parsed.success) throw new HttpError(400, firstError(parsed)!);
  if (parsed.data.email !== user.email) throw new HttpError(400, 'Email address cannot be changed');

  const changes: Partial<typeof users.$inferInsert> = {
    fullName: parsed.data.fullName,
    phone: parsed.data.phone,
    updatedAt: new Date(),
  };
  if (parsed.data.newPassword) {
    await passwordChecks.before(userId);
    if (!(await verifyPassword(user.passwordHash, parsed.data.currentPassword))) {
      await passwordChecks.failed(userId);
      throw new HttpError(400, 'Current password is incorrect');
    }
    refuseCommonPassword(parsed.data.newPassword);
    await newPasswordRules.check(db, userId, parsed.data.newPassword);
    changes.passwordHash = await hashPassword(parsed.data.newPassword);
  }
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (!changes.passwordHash) return [];
    await links.voidResetLinks(tx, userId);
    return sessions.endForUser(tx, userId, currentSessionId);
  });
  await sessions.announce(ended);
}
