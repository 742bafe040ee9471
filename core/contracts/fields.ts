/**
 * The field rules every contract builds on (spec section 5): messages are the spec's texts; a form shows the first
 * issue, which follows field order. Every string is trimmed; a failed "required" check stops that field's later
 * checks, so it reports one message.
 */
import { z } from './zod.ts';
import {
  CONTACT_NAME_MIN_LENGTH,
  MAX_LINE_QUANTITY,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  PINCODE_DIGITS,
} from '../constants.ts';

export const CONTROL_CHARACTERS_MESSAGE = 'Please remove special control characters.';

export const NAME_MIN = CONTACT_NAME_MIN_LENGTH;
export const MAX = { name: 100, email: 254, line: 200, title: 150, text: 5000, password: 128, url: 2048 } as const;

export const MESSAGES = {
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

export const tooLong = (max: number) => `Must be at most ${max} characters`;
const digits = (count: number) => new RegExp(`^\\d{${count}}$`);
/** A password of the allowed length that contains a match for each lookahead, e.g. '\\d'. */
const passwordPattern = (...needs: string[]) =>
  new RegExp(`^${needs.map((need) => `(?=.*${need})`).join('')}.{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`, 's');

/** Any characters at all, line breaks included: a pattern that says so, for a value that is not text to show. */
export const ANY_TEXT = /^[\s\S]*$/;
const PINCODE = digits(PINCODE_DIGITS);
const PHONE = digits(PHONE_DIGITS);
export const SIGN_UP_PASSWORD = passwordPattern('\\d', '[a-z]');
export const RESET_PASSWORD = passwordPattern('\\d', '[a-z]', '[A-Z]');

const isEmail = (value: string) => value.length <= MAX.email && z.regexes.email.test(value);

// C0 and C1 controls and DEL: invisible on screen, unsafe in mail and logs, and PostgreSQL refuses NUL. Checked as a
// pattern, so the OpenAPI document states it; multi-line texts keep tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
const withoutControls = (pattern: RegExp) => ({
  pattern,
  params: { error: CONTROL_CHARACTERS_MESSAGE, abort: true },
});
const SINGLE_LINE = withoutControls(SINGLE_LINE_TEXT);
const MULTI_LINE = withoutControls(MULTI_LINE_TEXT);

/**
 * A text the API answers with. Its bounds say what the server sends (the limit the input was checked by, or its own
 * texts' length) for the OpenAPI document; the answer is not checked against them again (decision 0040).
 */
export const shownText = (maxLength: number) => z.string().meta({ maxLength, pattern: MULTI_LINE_TEXT.source });
/** A moment as the API answers it: ISO 8601 in UTC, as `Date.prototype.toISOString` writes it. */
export const shownTime = () => z.string().meta({ format: 'date-time', maxLength: 24 });

/** A list the API answers with; like shownText, its bound is documented, not checked again. */
export const shownList = <T extends z.ZodType>(item: T, maxItems: number) => z.array(item).meta({ maxItems });
/** An id the API answers with: a UUID the database made (documented, not checked again). */
export const shownUuid = () => z.string().meta({ format: 'uuid', maxLength: 36 });

/** The longest message the server writes, with room for a shop e-mail address and a number in it. */
export const MESSAGE_MAX = 1000;

/** Every error the API answers, and some successes: `{ message }`, a text to show as it is (decision 0024). */
export const messageSchema = z.object({ message: shownText(MESSAGE_MAX) });
/** A 304: the client's copy (its If-None-Match) is current; no body. */
export const notModifiedAnswer = z.null().meta({ description: "Not modified: the client's copy is current" });

/** A trimmed string that may be left out or empty; the output is always a string. */
export const optionalText = (max: number) =>
  z.string().trim().regex(SINGLE_LINE.pattern, SINGLE_LINE.params).max(max, tooLong(max)).default('');

/** A trimmed string of at least `min` characters; a missing, blank or short value reports `message` alone. */
export const required = (message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, { error: message, abort: true });

export const requiredText = (message: string, max: number, min = 1, lines = SINGLE_LINE) =>
  required(message, min).regex(lines.pattern, lines.params).max(max, tooLong(max));

/** Free text such as a message or a review: line breaks and tabs are kept. */
export const multiLineText = (message: string, max: number) => requiredText(message, max, 1, MULTI_LINE);

export const email = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage)
    .toLowerCase()
    .regex(SINGLE_LINE.pattern, SINGLE_LINE.params)
    .refine(isEmail, invalidMessage)
    .max(MAX.email, invalidMessage);

export const pincode = (requiredMessage: string = MESSAGES.pincode) =>
  required(requiredMessage).regex(PINCODE, MESSAGES.pincode).max(PINCODE_DIGITS, MESSAGES.pincode);
export const phone = (requiredMessage: string = MESSAGES.phone) =>
  required(requiredMessage).regex(PHONE, MESSAGES.phone).max(PHONE_DIGITS, MESSAGES.phone);
export const signUpPassword = () =>
  required('Enter Password')
    .regex(SIGN_UP_PASSWORD, MESSAGES.signUpPassword)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.signUpPassword);
/** A password as typed at sign-in: any characters (the stored hash judges it), at most as long as any password. */
export const givenPassword = () => required('Enter Password').max(MAX.password, tooLong(MAX.password)).regex(ANY_TEXT);

export const emailSchema = email(MESSAGES.enterEmail, MESSAGES.emailInvalid);

export const quantitySchema = z
  .number()
  .int('Quantity must be a whole number')
  .positive('Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** A product id as the API gives it; lower-cased, as UUIDs compare (the cart does the same). */
export const productIdSchema = z
  .string({ error: 'Product id is required' })
  .trim()
  .toLowerCase()
  .uuid('This product does not exist');

/** An order line: only the product id and quantity are read; prices and titles sent by a client are ignored. */
export const orderLineSchema = z.object({ _id: productIdSchema, quantity: quantitySchema });

/** A postal address as the API shows it back: a saved address's and an order's shipping address share it. */
export const shownAddressSchema = z.object({
  fname: shownText(MAX.name),
  lname: shownText(MAX.name),
  address1: shownText(MAX.line),
  address2: shownText(MAX.line),
  city: shownText(MAX.name),
  state: shownText(MAX.name),
  pincode: shownText(PINCODE_DIGITS),
  phone: shownText(PHONE_DIGITS),
  email: shownText(MAX.email),
});

export type QuantityInput = z.infer<typeof quantitySchema>;

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
