/** The account capability's contract (auth): sign-up, sign-in, password reset, profile and addresses. */
import { z } from './zod.ts';
import { endpoint } from './endpoint.ts';
import { PHONE_DIGITS } from '../constants.ts';
import {
  MAX,
  MESSAGES,
  NAME_MIN,
  RESET_PASSWORD,
  SIGN_UP_PASSWORD,
  emailSchema,
  email,
  optionalText,
  phone,
  pincode,
  requiredText,
  givenPassword,
  ANY_TEXT,
  SINGLE_LINE_TEXT,
  signUpPassword,
  tooLong,
  shownAddressSchema,
  shownText,
  shownList,
  shownTime,
  messageSchema,
  MESSAGE_MAX,
} from './fields.ts';

export const signUpSchema = z.object({
  fullname: requiredText('Fullname must be at least 3 letters long', MAX.name, NAME_MIN),
  email: emailSchema,
  password: signUpPassword(),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: givenPassword(),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

// Only a bound is checked here, looser than the rule: which message a reset shows is decided below, in the spec's
// order (both given, then the same, then the rule).
const resetPasswordText = z
  .string({ error: 'Please fill in both fields' })
  .trim()
  .max(MAX.password, MESSAGES.resetPassword)
  .regex(ANY_TEXT);

export const resetPasswordSchema = z
  .object({
    newPassword: resetPasswordText,
    confirmPassword: resetPasswordText,
  })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (!newPassword || !confirmPassword) {
      const path = [newPassword ? 'confirmPassword' : 'newPassword'];
      ctx.addIssue({ code: 'custom', path, message: 'Please fill in both fields' });
    } else if (newPassword !== confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDiffer });
    } else if (!RESET_PASSWORD.test(newPassword)) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.resetPassword });
    }
  });

export const accountAddressSchema = z.object({
  fname: requiredText(MESSAGES.fieldRequired, MAX.name),
  lname: optionalText(MAX.name),
  address1: requiredText(MESSAGES.fieldRequired, MAX.line),
  address2: optionalText(MAX.line),
  city: requiredText(MESSAGES.fieldRequired, MAX.name),
  state: requiredText(MESSAGES.fieldRequired, MAX.name),
  pincode: pincode(MESSAGES.fieldRequired),
  phone: phone(MESSAGES.fieldRequired),
  email: email(MESSAGES.fieldRequired, MESSAGES.invalidEmail),
  country: z
    .string()
    .trim()
    .refine((value): value is 'India' => value === 'India', 'We deliver only within India')
    .default('India'),
});

/** The optional password change inside account details; checked even when a profile field is blank. */
const passwordText = z.string().trim().max(MAX.password, tooLong(MAX.password)).default('');
const passwordChangeSchema = z
  .object({
    currentPassword: passwordText,
    newPassword: passwordText,
    confirmPassword: passwordText,
  })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (!currentPassword && !newPassword && !confirmPassword) return;
    const fail = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (!currentPassword) fail('currentPassword', 'Current password is required');
    if (!newPassword) fail('newPassword', 'New password is required');
    else if (!SIGN_UP_PASSWORD.test(newPassword)) fail('newPassword', MESSAGES.signUpPassword);
    if (confirmPassword !== newPassword) fail('confirmPassword', MESSAGES.passwordsDiffer);
  });

export const accountDetailsSchema = z
  .object({
    fullName: requiredText('Full name is required', MAX.name),
    email: email('Email is required', MESSAGES.emailInvalid),
    phone: phone('Phone number is required'),
  })
  .and(passwordChangeSchema);

/** How many addresses an account keeps: the profile saves one, its default. */
export const MAX_ADDRESSES = 1;
/**
 * An access token as the API answers it: a JWT (three base64url parts) of the user's and session's ids, role,
 * issuer and times, a few hundred characters.
 */
const shownAccessToken = () =>
  z.string().meta({ pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', maxLength: 1024 });

/** A saved address (spec section 3), as the API shows it. */
export const addressSchema = shownAddressSchema.extend({
  _id: z.uuid(),
  country: shownText(MAX.name),
  isDefault: z.boolean(),
});

/** The signed-in user (spec section 3): fullname is also given as fullName, as the spec's client reads both. */
export const userSchema = z.object({
  _id: z.uuid(),
  fullname: shownText(MAX.name),
  fullName: shownText(MAX.name),
  email: shownText(MAX.email),
  phone: shownText(PHONE_DIGITS),
  img: shownText(MAX.url).nullable(),
  /** The default address, or null. */
  address: addressSchema.nullable(),
  /** The saved addresses: the profile keeps one, the default. */
  addresses: shownList(addressSchema, MAX_ADDRESSES),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  /** False for accounts made with Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  createdAt: shownTime(),
});

/** A new session: the user and an access token; the refresh token travels in an httpOnly cookie. */
const sessionSchema = z.object({ user: userSchema, accessToken: shownAccessToken() });
/** Google sign-in answers as the spec's client reads it: `accessToken` and `data.personal_info`. */
const googleSessionSchema = z.object({
  accessToken: shownAccessToken(),
  data: z.object({ personal_info: userSchema }),
});
const accessTokenSchema = z.object({ accessToken: shownAccessToken() });
const currentUserSchema = z.object({ user: userSchema });
const profileSavedSchema = z.object({ user: userSchema, message: shownText(MESSAGE_MAX) });

/** Google's ID tokens are a JWT of a few hundred bytes to 2 KB; Google checks what is inside. */
const GOOGLE_ID_TOKEN_MAX = 4096;
const googleSignInSchema = z.object({
  id_token: z
    .string({ error: 'No ID token received from Google.' })
    .max(GOOGLE_ID_TOKEN_MAX, 'No ID token received from Google.')
    .regex(ANY_TEXT),
});
export const INVALID_LINK = 'Invalid or expired link';
/** The token in a mailed link: its shape is checked before any lookup. */
const linkToken = z
  .string()
  .regex(/^[\w-]{20,100}$/, INVALID_LINK)
  .max(100, INVALID_LINK);

/** Sign-up's and sign-in's refusals repeat the message as `error`, which the spec's client reads. */
const signInRefusedSchema = z.object({ message: shownText(MESSAGE_MAX), error: shownText(MESSAGE_MAX) });
export const signUpEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/signup',
  body: signUpSchema,
  // 409: the e-mail already has an account.
  responses: { 201: sessionSchema, 409: signInRefusedSchema },
});
export const signInEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/signin',
  body: signInSchema,
  // 401: a wrong password or an unknown e-mail, the same answer for both.
  responses: { 200: sessionSchema, 401: signInRefusedSchema },
});
export const googleSignInEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/google-auth',
  body: googleSignInSchema,
  // 401: Google's ID token did not verify; 404: Google sign-in is not set up.
  responses: { 200: googleSessionSchema, 401: signInRefusedSchema, 404: signInRefusedSchema },
});
/** Exchanges the refresh cookie for a new access token. */
export const refreshAccessTokenEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/refresh-access-token',
  // 403: another site's page (Sec-Fetch-Site, Origin) may not use the cookie.
  responses: { 200: accessTokenSchema, 403: messageSchema },
});
export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  responses: { 200: messageSchema, 403: messageSchema },
});
/** The signed-in user: the start-up fetch and the /profile guard. */
export const currentUserEndpoint = endpoint({
  method: 'GET',
  path: '/api/auth/me',
  responses: { 200: currentUserSchema },
});
export const profileEndpoint = endpoint({
  method: 'GET',
  path: '/api/auth/profile',
  responses: { 200: currentUserSchema },
});
/**
 * A field PUT /api/auth/profile reads. Only its length is checked here: the server then checks the address or the
 * account details by their own rules (accountAddressSchema, accountDetailsSchema), with their messages.
 */
const profileField = (max: number) => z.string().max(max, tooLong(max)).regex(ANY_TEXT).optional();
const profileAddressFields = {
  fname: profileField(MAX.name),
  lname: profileField(MAX.name),
  address1: profileField(MAX.line),
  address2: profileField(MAX.line),
  city: profileField(MAX.name),
  state: profileField(MAX.name),
  pincode: profileField(MAX.name),
  phone: profileField(MAX.name),
  email: profileField(MAX.email),
  country: profileField(MAX.name),
};
/**
 * The body of PUT /api/auth/profile, closed: an address (bare, or under `address` as the spec's client may send it)
 * or the account details (`fullName`, or the spec's `fullname`, e-mail and phone, and a password change).
 */
export const profileUpdateSchema = z.strictObject({
  ...profileAddressFields,
  address: z.strictObject(profileAddressFields).optional(),
  fullName: profileField(MAX.name),
  fullname: profileField(MAX.name),
  currentPassword: profileField(MAX.password),
  password: profileField(MAX.password),
  confirmPassword: profileField(MAX.password),
});

/** An address, or the account details with an optional password change: the server tells them apart. */
export const updateProfileEndpoint = endpoint({
  method: 'PUT',
  path: '/api/auth/profile',
  body: profileUpdateSchema,
  responses: { 200: profileSavedSchema },
});
export const verifyEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/verify-email/:token',
  params: z.object({ token: linkToken }),
  responses: { 200: messageSchema },
});
/** To the signed-in user, or to the body's e-mail. */
export const resendVerificationEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/resend-verification-email',
  body: z
    .object({ email: z.string().max(MAX.email, MESSAGES.emailInvalid).regex(SINGLE_LINE_TEXT).optional() })
    .optional(),
  // 401: an Authorization header whose token is not a valid sign-in.
  responses: { 200: messageSchema, 401: messageSchema },
});
export const forgotPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: forgotPasswordSchema,
  responses: { 200: messageSchema },
});
export const resetPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password/:tokenId',
  params: z.object({ tokenId: linkToken }),
  body: resetPasswordSchema,
  responses: { 200: messageSchema },
});

export type EmailInput = z.infer<typeof emailSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type AccountAddressInput = z.infer<typeof accountAddressSchema>;
export type AccountDetailsInput = z.infer<typeof accountDetailsSchema>;
export type Address = z.infer<typeof addressSchema>;
export type User = z.infer<typeof userSchema>;
