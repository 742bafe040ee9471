/**
 * Form and request validation from spec section 5, shared by the storefront and the server.
 * Messages are the spec's texts; a form shows the first issue, which follows field order.
 * Every string is trimmed; a failed "required" check stops that field's later checks, so it reports one message.
 */
import { z } from 'zod';
import {
  CONTACT_NAME_MIN_LENGTH,
  MAX_STARS,
  PASSWORD_MAX_LENGTH,
  PAYMENT_METHODS,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  PINCODE_DIGITS,
} from './constants.ts';

// The storefront's CSP forbids eval; without this, zod probes for it and the browser reports a violation.
if (typeof document !== 'undefined') z.config({ jitless: true });

export const CHECKOUT_SUBMIT_ALERT = 'Please fill in all fields correctly before placing the order.';
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove special control characters.';

const NAME_MIN = CONTACT_NAME_MIN_LENGTH;
const MAX = { name: 100, email: 254, line: 200, title: 150, text: 5000, password: 128 } as const;

const MESSAGES = {
  enterEmail: 'Enter Email',
  fieldRequired: 'This field is required',
  invalidEmail: 'Invalid email address',
  emailInvalid: 'Email is invalid',
  pincode: `PIN code must be ${PINCODE_DIGITS} digits.`,
  phone: `Phone number must be ${PHONE_DIGITS} digits.`,
  passwordsDiffer: 'Passwords do not match',
  signUpPassword: `Password should be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long with atleast 1 number`,
  resetPassword: `Password must be ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters with at least one uppercase letter, one lowercase letter, and one number`,
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;
const digits = (count: number) => new RegExp(`^\\d{${count}}$`);
/** A password of the allowed length that contains a match for each lookahead, e.g. '\\d'. */
const passwordPattern = (...needs: string[]) =>
  new RegExp(`^${needs.map((need) => `(?=.*${need})`).join('')}.{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`, 's');

const PINCODE = digits(PINCODE_DIGITS);
const PHONE = digits(PHONE_DIGITS);
const SIGN_UP_PASSWORD = passwordPattern('\\d', '[a-z]');
const RESET_PASSWORD = passwordPattern('\\d', '[a-z]', '[A-Z]');

const isEmail = (value: string) => value.length <= MAX.email && z.regexes.email.test(value);

// C0 and C1 controls and DEL: invisible on screen, unsafe in mail and logs, and PostgreSQL refuses NUL.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Multi-line texts keep tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const withoutControls = (pattern: RegExp) => ({
  check: (value: string) => !pattern.test(value),
  params: { error: CONTROL_CHARACTERS_MESSAGE, abort: true },
});
const SINGLE_LINE = withoutControls(CONTROL);
const MULTI_LINE = withoutControls(CONTROL_EXCEPT_LINE_BREAKS);

/** A trimmed string that may be left out or empty; the output is always a string. */
const optionalText = (max: number) =>
  z.string().trim().refine(SINGLE_LINE.check, SINGLE_LINE.params).max(max, tooLong(max)).default('');

/** A trimmed string of at least `min` characters; a missing, blank or short value reports `message` alone. */
const required = (message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, { error: message, abort: true });

const requiredText = (message: string, max: number, min = 1, lines = SINGLE_LINE) =>
  required(message, min).refine(lines.check, lines.params).max(max, tooLong(max));

/** Free text such as a message or a review: line breaks and tabs are kept. */
const multiLineText = (message: string, max: number) => requiredText(message, max, 1, MULTI_LINE);

const email = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage).toLowerCase().refine(SINGLE_LINE.check, SINGLE_LINE.params).refine(isEmail, invalidMessage);

const pincode = (requiredMessage: string = MESSAGES.pincode) =>
  required(requiredMessage).regex(PINCODE, MESSAGES.pincode);
const phone = (requiredMessage: string = MESSAGES.phone) => required(requiredMessage).regex(PHONE, MESSAGES.phone);
const signUpPassword = () => required('Enter Password').regex(SIGN_UP_PASSWORD, MESSAGES.signUpPassword);

export const emailSchema = email(MESSAGES.enterEmail, MESSAGES.emailInvalid);

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

export const checkoutAddressSchema = z.object({
  fname: requiredText('First Name should be minimum 3 characters', MAX.name, NAME_MIN),
  lname: requiredText('Last name is required.', MAX.name),
  address1: requiredText('Address is required.', MAX.line),
  address2: optionalText(MAX.line),
  city: requiredText('City is required.', MAX.name),
  state: requiredText('State is required.', MAX.name),
  pincode: pincode(),
  phone: phone(),
  email: email(MESSAGES.enterEmail, MESSAGES.invalidEmail),
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

export const contactSchema = z.object({
  fullname: requiredText('Enter Name', MAX.name).min(NAME_MIN, 'Enter Fullname'),
  email: email(MESSAGES.enterEmail, 'Email is not valid'),
  phone: phone('Enter Phone Number'),
  message: multiLineText('Enter your Message', MAX.text),
});

export const reviewSchema = z.object({
  fullname: requiredText('Fullname is required', MAX.name),
  email: email('Email is required', MESSAGES.emailInvalid),
  title: requiredText('Title is required', MAX.title),
  rating: z
    .number({ error: 'Rating is required' })
    .int(`Rating must be a whole number from 1 to ${MAX_STARS}`)
    .min(1, 'Rating is required')
    .max(MAX_STARS, `Rating must be a whole number from 1 to ${MAX_STARS}`),
  review: multiLineText('Review text is required', MAX.text),
});

export const quantitySchema = z
  .number()
  .int('Quantity must be a whole number')
  .positive('Quantity must be at least 1')
  .max(99, 'Quantity must be at most 99');

/** A product id as the API gives it; lower-cased, as UUIDs compare (the cart does the same). */
const productId = z
  .string({ error: 'Product id is required' })
  .trim()
  .toLowerCase()
  .uuid('This product does not exist');

/** An order line: only the product id and quantity are read; prices and titles sent by a client are ignored. */
export const orderLineSchema = z.object({ _id: productId, quantity: quantitySchema });

export const createOrderSchema = z.object({
  orderItems: z
    .array(orderLineSchema, { error: 'Your cart is empty' })
    .min(1, 'Your cart is empty')
    .max(50, 'An order can have at most 50 different products'),
  shippingAddress: checkoutAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose prepaid or cash on delivery' }),
});

/** The cart lines a signed-in shopper keeps on the server. */
export const cartLinesSchema = z.object({
  items: z.array(orderLineSchema).max(100, 'A cart can have at most 100 different products'),
});

export const trackOrderSchema = z.object({
  orderId: requiredText('Enter Order Id', MAX.name),
  email: email(MESSAGES.enterEmail, MESSAGES.invalidEmail),
});

export type EmailInput = z.infer<typeof emailSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type CheckoutAddressInput = z.infer<typeof checkoutAddressSchema>;
export type AccountAddressInput = z.infer<typeof accountAddressSchema>;
export type AccountDetailsInput = z.infer<typeof accountDetailsSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type ReviewInput = z.infer<typeof reviewSchema>;
export type QuantityInput = z.infer<typeof quantitySchema>;
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
export type CartLinesInput = z.infer<typeof cartLinesSchema>;
export type TrackOrderInput = z.infer<typeof trackOrderSchema>;

/** The message a form shows: the first issue, or null when the input is valid. */
export function firstError(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Each top-level field's first message; issues about the whole value are keyed ''. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
