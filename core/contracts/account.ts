/** The account capability's contract (auth): sign-up, sign-in, password reset, profile and addresses. */
import { z } from './zod.ts';
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
  required,
  requiredText,
  signUpPassword,
  tooLong,
  shownAddressSchema,
} from './fields.ts';

export const signUpSchema = z.object({
  fullname: requiredText('Fullname must be at least 3 letters long', MAX.name, NAME_MIN),
  email: emailSchema,
  password: signUpPassword(),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: required('Enter Password'),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    newPassword: z.string({ error: 'Please fill in both fields' }).trim(),
    confirmPassword: z.string({ error: 'Please fill in both fields' }).trim(),
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

/** A saved address (spec section 3), as the API shows it. */
export const addressSchema = shownAddressSchema.extend({
  _id: z.uuid(),
  country: z.string(),
  isDefault: z.boolean(),
});

/** The signed-in user (spec section 3): fullname is also given as fullName, as the spec's client reads both. */
export const userSchema = z.object({
  _id: z.uuid(),
  fullname: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  img: z.string().nullable(),
  /** The default address, or null. */
  address: addressSchema.nullable(),
  addresses: z.array(addressSchema),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  /** False for accounts made with Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
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
