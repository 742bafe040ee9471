/**
 * The shipping module's contract (issue 34): the PIN directory's look-up, which checkout and the account's address
 * form call to fill city and state as a PIN is typed (decision 0070).
 */
import { z } from './zod.ts';
import { PINCODE_DIGITS } from '../constants.ts';
import { messageSchema, shownList, shownText } from './fields.ts';
import { endpoint } from './endpoint.ts';

/** Indian PIN codes are six digits, the first (the postal zone) 1 to 9. */
const PIN = new RegExp(`^[1-9]\\d{${PINCODE_DIGITS - 1}}$`);

export const PIN_MESSAGES = {
  invalid: `A PIN code is ${PINCODE_DIGITS} digits and does not start with 0.`,
  unknown: 'We could not find this PIN code. Please check it, or enter your city and state.',
} as const;

/** Whether `value` looks like a PIN the directory could know, as the server checks it. */
export const isPinShaped = (value: string) => PIN.test(value);

/** The most districts or states one PIN spans is a handful; the lists are bounded for the document. */
const MAX_SPANNED = 50;
const NAME_MAX = 100;

const pinAnswerSchema = z.object({
  pin: z.string().meta({ pattern: PIN.source, maxLength: PINCODE_DIGITS }),
  /** Every district the PIN's post offices lie in, alphabetically; the first is the one a form fills in. */
  districts: shownList(shownText(NAME_MAX), MAX_SPANNED),
  /** Every state it spans, named as today, with its GST state code. */
  states: shownList(
    z.object({ name: shownText(NAME_MAX), gstCode: z.string().meta({ pattern: '^\\d{2}$', maxLength: 2 }) }),
    MAX_SPANNED,
  ),
});
export type PinAnswer = z.output<typeof pinAnswerSchema>;

export const pincodeEndpoint = endpoint({
  method: 'GET',
  path: '/api/pincode/:pin',
  params: z.object({ pin: z.string().max(PINCODE_DIGITS, PIN_MESSAGES.invalid).regex(PIN, PIN_MESSAGES.invalid) }),
  responses: { 200: pinAnswerSchema, 400: messageSchema, 404: messageSchema },
});
