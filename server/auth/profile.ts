import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { accountAddressSchema, accountDetailsSchema, firstError } from '../../core/validation.ts';
import { addresses, refreshTokens, users } from './schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';

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

/**
 * Saves name and phone and, when a new password is given, changes it after checking the current one. The
 * e-mail is the account's identity and cannot change here. A password change signs out every other session.
 */
export async function saveAccountDetails(
  db: Db,
  userId: string,
  body: Body,
  refreshToken: string | undefined,
): Promise<void> {
  const password = typeof body.password === 'string' ? body.password : '';
  const parsed = accountDetailsSchema.safeParse({
    fullName: body.fullName ?? body.fullname,
    email: body.email,
    phone: body.phone,
    currentPassword: body.currentPassword ?? '',
    newPassword: password,
    confirmPassword: body.confirmPassword ?? password,
  });
  if (!parsed.success) throw new HttpError(400, firstError(parsed)!);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Please sign in again');
  if (parsed.data.email !== user.email) throw new HttpError(400, 'Email address cannot be changed');

  const changes: Partial<typeof users.$inferInsert> = {
    fullName: parsed.data.fullName,
    phone: parsed.data.phone,
    updatedAt: new Date(),
  };
  if (parsed.data.newPassword) {
    // A Google-only account sets its first password without a current one.
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, parsed.data.currentPassword))) {
      throw new HttpError(400, 'Current password is incorrect');
    }
    changes.passwordHash = await hashPassword(parsed.data.newPassword);
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (changes.passwordHash) await revokeOtherSessions(tx as unknown as Db, userId, refreshToken);
  });
}

async function revokeOtherSessions(db: Db, userId: string, refreshToken: string | undefined): Promise<void> {
  const [current] = refreshToken
    ? await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    : [];
  const others = current ? ne(refreshTokens.familyId, current.familyId) : undefined;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), others));
}
