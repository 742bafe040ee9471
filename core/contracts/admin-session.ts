/**
 * The back office's sign-in and team (issue 22, decision 0033): password, then a TOTP code or a recovery code, in
 * a cookie session; the owner adds and removes staff admins.
 */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import {
  MAX,
  MESSAGES,
  RESET_PASSWORD,
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

export const adminSecondFactorEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/session/second-factor',
  body: secondFactorSchema,
  responses: {
    /** After enrolment, `recoveryCodes` are shown this once. */
    200: adminViewerSchema.extend({
      recoveryCodes: shownList(
        z.string().meta({ pattern: '^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$', maxLength: 29 }),
        RECOVERY_CODE_COUNT,
      ).optional(),
    }),
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

/** Admins' passwords follow the reset rule: a digit, a lowercase and an uppercase letter. */
export const adminPasswordSchema = z.string().max(MAX.password).regex(RESET_PASSWORD, MESSAGES.resetPassword);

const teamMemberSchema = z.object({
  userId: shownUuid(),
  email: shownText(MAX.email),
  role: z.enum(ADMIN_ROLES),
  enrolled: z.boolean(),
  createdAt: shownTime(),
  /** The e-mail of the owner who added them; null for the owner made from the command line. */
  createdBy: shownText(MAX.email).nullable(),
});

export const adminTeamEndpoint = endpoint({
  method: 'GET',
  path: '/api/admin/admins',
  responses: { 200: z.object({ admins: shownList(teamMemberSchema, ADMIN_TEAM_MAX) }), 403: messageSchema },
});

export const addStaffSchema = z.object({
  email: emailSchema,
  fullname: requiredText('Fullname must be at least 3 letters long', MAX.name, NAME_MIN),
  /** For a new account; an existing account keeps its own password. */
  password: adminPasswordSchema.optional(),
});

export const addStaffEndpoint = endpoint({
  method: 'POST',
  path: '/api/admin/admins',
  body: addStaffSchema,
  responses: { 201: z.object({ admin: teamMemberSchema }), 400: messageSchema, 403: messageSchema, 409: messageSchema },
});

export const removeAdminEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/admin/admins/:userId',
  params: z.object({ userId: z.uuid('Invalid admin id') }),
  responses: { 200: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema },
});
