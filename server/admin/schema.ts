import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { keyOf } from '../platform/db/links.ts';

/**
 * The back office's admins (decision 0033): an account of the auth module with a role here. The TOTP secret is set
 * when enrolment starts and counts once `totp_enrolled_at` is set; `totp_last_step` refuses a code used before.
 */
export const admins = pgTable('admins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'cascade' }),
  role: text('role', { enum: ['owner', 'staff'] }).notNull(),
  totpSecret: text('totp_secret'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The owner who added this admin; null for owners made from the command line. */
  createdBy: text('created_by'),
});

/** One-time recovery codes, kept as SHA-256 hashes; a used code stays, marked, so it never works again. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => admins.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * Back-office sessions, in a cookie of their own: the row is found by the SHA-256 of the cookie's token. `stage` is
 * `code` or `enrol` after the password and `complete` after the second factor; only `complete` may read or act.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => admins.userId, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['code', 'enrol', 'complete'] }).notNull(),
    csrfToken: text('csrf_token').notNull(),
    /** No longer read: wrong codes are counted per account in the rate-limit store (decision 0047). */
    failedCodes: integer('failed_codes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute: never extended, however active the admin is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
  },
  (table) => [index('admin_sessions_user_idx').on(table.userId)],
);

/**
 * Pending invitations to the back office (decision 0048): one per account, until it is accepted (the admin row is
 * made then), revoked or sent anew. The link's token is kept as its SHA-256; a new link replaces the hash, so the old
 * one dies. `totp_secret` is the authenticator being set up on the acceptance page, kept until its code is confirmed.
 */
export const adminInvitations = pgTable('admin_invitations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => keyOf('users', 'id', 'uuid'), { onDelete: 'cascade' }),
  role: text('role', { enum: ['staff'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique('admin_invitations_token_unique'),
  totpSecret: text('totp_secret'),
  /** Wrong authenticator codes on the acceptance page; past the limit the link dies. */
  failedCodes: integer('failed_codes').notNull().default(0),
  /** The e-mail of the owner who sent the newest link. */
  invitedBy: text('invited_by').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
