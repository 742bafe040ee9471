/**
 * The back office's sign-in and team (issue 22, decision 0033): password, then a TOTP code or a recovery code, in
 * a cookie session; the owner invites and removes staff admins, who accept by a mailed link (decision 0048).
 */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import {
  MAX,
  ANY_TEXT,
  emailSchema,
  messageSchema,
  givenPassword,
  requiredText,
  SINGLE_LINE_TEXT,
  NAME_MIN,
  shownList,
  shownText,
  shownTime,
  shownUuid,
} from './fields.ts';

export const ADMIN_ROLES = ['owner', 'staff'] as const;
/** Admins' passwords (decision 0048, after NIST SP 800-63B): long, any characters, no composition rules. */
export const ADMIN_PASSWORD_MIN = 15;
export const ADMIN_PASSWORD_MAX = 128;
/** The most admins a shop has; adding one more is refused. */
export const ADMIN_TEAM_MAX = 100;
/** Recovery codes an admin gets at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The header every back-office change carries: the session's CSRF token (double submit, decision 0033). */
export const CSRF_HEADER = 'x-csrf-token';

export const ADMIN_MESSAGES = {
  signInFailed: 'Invalid email or password',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeWrong: 'That code is not right. Try the newest code, or a recovery code',
  sessionOver: 'This sign-in has ended: sign in again',
  notAdmin: 'Only shop admins can do this',
  secondFactorFirst: 'Enter your authenticator code first',
  csrf: 'This change did not come from the back office: reload the page and try again',
  ownerOnly: 'Only the shop owner can manage admins',
  adminPassword: `An admin's password must be ${ADMIN_PASSWORD_MIN} to ${ADMIN_PASSWORD_MAX} characters long`,
  /** One answer for an expired, used, revoked or unknown invitation link: none of them tells which. */
  invitationGone: 'This invitation link has expired or was already used. Ask the shop owner for a new one.',
  noInvitation: 'This admin has no pending invitation',
  authenticatorFirst: 'Set up your authenticator app first',
} as const;

/** The answer while an account's code step is locked after too many wrong codes (decision 0047). */
export const codesLockedMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many wrong codes: this account takes no code for the next ${wait}. An e-mail has gone to its address.`;
};

/** Where a signed-in admin is: past the password only (`code` or `enrol` next), or fully signed in. */
export const adminStageSchema = z.enum(['code', 'enrol', 'complete']);

/** Who is signed in to the back office, and the token their changes carry. */
export const adminViewerSchema = z.object({
  email: shownText(MAX.email),
  role: z.enum(ADMIN_ROLES),
  stage: adminStageSchema,
  /** 32 random bytes, base64url. */
  csrfToken: z.string().meta({ pattern: '^[A-Za-z0-9_-]{43}$', maxLength: 43 }),
});
export type AdminViewer = z.infer<typeof adminViewerSchema>;

export const adminSignInEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/session',
  body: z.object({ email: emailSchema, password: givenPassword() }),
  responses: {
    /** `enrol`: `otpauthUri` is shown this once, for the authenticator app; confirm it with its first code. */
    200: adminViewerSchema.extend({ otpauthUri: shownText(MAX.url).optional() }),
    400: messageSchema,
    401: messageSchema,
    403: messageSchema,
    429: messageSchema,
  },
});

const TOTP_CODE = /^\d{6}$/;
export const secondFactorSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(TOTP_CODE, ADMIN_MESSAGES.codeRequired)
      .max(6, ADMIN_MESSAGES.codeRequired)
      .optional(),
    // Typed by hand, in any case and with spaces: the server keeps only its letters and digits.
    recoveryCode: z
      .string()
      .trim()
      .min(8, ADMIN_MESSAGES.codeRequired)
      .max(40, ADMIN_MESSAGES.codeRequired)
      .regex(SINGLE_LINE_TEXT, ADMIN_MESSAGES.codeRequired)
      .optional(),
  })
  .refine((value) => value.code || value.recoveryCode, { message: ADMIN_MESSAGES.codeRequired });

const recoveryCodesSchema = shownList(
  z.string().meta({ pattern: '^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$', maxLength: 29 }),
  RECOVERY_CODE_COUNT,
);

export const adminSecondFactorEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/session/second-factor',
  body: secondFactorSchema,
  responses: {
    /** After enrolment, `recoveryCodes` are shown this once. */
    200: adminViewerSchema.extend({ recoveryCodes: recoveryCodesSchema.optional() }),
    400: messageSchema,
    401: messageSchema,
    403: messageSchema,
    429: messageSchema,
  },
});

export const adminSessionEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/session',
  responses: { 200: adminViewerSchema, 403: messageSchema },
});

export const adminSignOutEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/session',
  responses: { 200: messageSchema, 403: messageSchema },
});

/**
 * An admin's new password: 15 to 128 characters of any kind, spaces kept (decision 0048); the server refuses a common
 * one too. A shopper's password follows the spec's sign-up rule instead.
 */
export const adminPasswordSchema = z
  .string({ error: ADMIN_MESSAGES.adminPassword })
  .min(ADMIN_PASSWORD_MIN, ADMIN_MESSAGES.adminPassword)
  .max(ADMIN_PASSWORD_MAX, ADMIN_MESSAGES.adminPassword)
  .regex(ANY_TEXT);

const teamMemberSchema = z.object({
  userId: shownUuid(),
  email: shownText(MAX.email),
  role: z.enum(ADMIN_ROLES),
  enrolled: z.boolean(),
  createdAt: shownTime(),
  /** The e-mail of the owner who added them; null for the owner made from the command line. */
  createdBy: shownText(MAX.email).nullable(),
});

/** A staff admin's pending invitation (decision 0048): they have no access until they accept it. */
const invitationSchema = z.object({
  userId: shownUuid(),
  email: shownText(MAX.email),
  role: z.enum(['staff']),
  /** The owner who sent the newest link. */
  invitedBy: shownText(MAX.email),
  sentAt: shownTime(),
  /** After this the link answers like a used one; the owner may send a new one. */
  expiresAt: shownTime(),
});

export const adminTeamEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/admins',
  responses: {
    200: z.object({
      admins: shownList(teamMemberSchema, ADMIN_TEAM_MAX),
      invitations: shownList(invitationSchema, ADMIN_TEAM_MAX),
    }),
    403: messageSchema,
  },
});

export const addStaffSchema = z.object({
  email: emailSchema,
  fullname: requiredText('Fullname must be at least 3 letters long', MAX.name, NAME_MIN),
});

/** Adding staff sends an invitation; the account gets no access until it is accepted. */
export const addStaffEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/admins',
  body: addStaffSchema,
  responses: {
    201: z.object({ invitation: invitationSchema }),
    400: messageSchema,
    403: messageSchema,
    409: messageSchema,
  },
});

const adminIdParams = z.object({ userId: z.uuid('Invalid admin id') });

/** A new link for a pending (or expired) invitation; the old link dies. */
export const resendInvitationEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/admins/:userId/invitation',
  params: adminIdParams,
  responses: {
    200: z.object({ invitation: invitationSchema }),
    400: messageSchema,
    403: messageSchema,
    404: messageSchema,
  },
});

/** Withdraws a pending invitation: its link then answers like an expired one. */
export const revokeInvitationEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/admins/:userId/invitation',
  params: adminIdParams,
  responses: { 200: messageSchema, 400: messageSchema, 403: messageSchema, 404: messageSchema },
});

/** The token in an invitation link: 32 random bytes, base64url; its shape is checked before any lookup. */
const invitationToken = z
  .string()
  .regex(/^[\w-]{43}$/, ADMIN_MESSAGES.invitationGone)
  .max(43, ADMIN_MESSAGES.invitationGone);
const invitationParams = z.object({ token: invitationToken });
/** Every answer for a link that no longer works (or never did). */
const gone = { 400: messageSchema, 410: messageSchema } as const;

/** What the acceptance page shows before anything changes: whose invitation it is. */
export const invitationEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/invitations/:token',
  params: invitationParams,
  responses: { 200: z.object({ email: shownText(MAX.email), expiresAt: shownTime() }), ...gone },
});

/**
 * Checks the new password and starts the authenticator's set-up: answers the `otpauth://` URI for the app (a new
 * secret each time; the newest counts). Nothing is saved on the account yet.
 */
export const invitationAuthenticatorEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/invitations/:token/authenticator',
  params: invitationParams,
  body: z.object({ password: adminPasswordSchema }),
  responses: { 200: z.object({ otpauthUri: shownText(MAX.url) }), ...gone, 403: messageSchema },
});

/**
 * Accepts the invitation with the new password and the authenticator's first code: the account's password is
 * replaced, its e-mail verified, its other sessions end, and it becomes a staff admin. Answers the recovery codes,
 * shown this once. Five wrong codes end the link.
 */
export const acceptInvitationEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/invitations/:token',
  params: invitationParams,
  body: z.object({
    password: adminPasswordSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, ADMIN_MESSAGES.codeRequired)
      .max(6, ADMIN_MESSAGES.codeRequired),
  }),
  responses: {
    200: z.object({ email: shownText(MAX.email), recoveryCodes: recoveryCodesSchema }),
    ...gone,
    401: messageSchema,
    403: messageSchema,
  },
});

export const removeAdminEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/admins/:userId',
  params: adminIdParams,
  responses: { 200: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema },
});
