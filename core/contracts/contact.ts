/** The contact form's contract (spec sections 4, 5 and 8): the form's fields and `POST /api/contact`. */
import { z } from './zod.ts';
import {
  ANY_TEXT,
  MAX,
  MESSAGES,
  NAME_MIN,
  email,
  messageSchema,
  multiLineText,
  phone,
  requiredText,
} from './fields.ts';
import { endpoint } from './endpoint.ts';

export const contactSchema = z.object({
  fullname: requiredText('Enter Name', MAX.name).min(NAME_MIN, 'Enter Fullname'),
  email: email(MESSAGES.enterEmail, 'Email is not valid'),
  phone: phone('Enter Phone Number'),
  message: multiLineText('Enter your Message', MAX.text),
});

/** The spec's answers to a send (section 8). */
export const CONTACT_MESSAGES = { sent: 'Sent Successfully', failed: 'Bad Request! Try Again' } as const;

/**
 * What the form posts: its four fields and `website`, a honeypot hidden from people (decision 0027). Only bots fill
 * it; their message is answered like any other and dropped.
 */
export const contactRequestSchema = contactSchema.extend({
  website: z
    .string()
    .max(MAX.line)
    .regex(ANY_TEXT)
    .optional()
    .describe('Leave empty: the form hides it from people, and a filled one is dropped'),
});

export const contactEndpoint = endpoint({
  method: 'POST',
  path: '/api/contact',
  body: contactRequestSchema,
  responses: {
    /** The message is stored under a ticket number, mailed to the shop and acknowledged to the sender. */
    201: messageSchema,
    400: messageSchema,
    429: messageSchema,
  },
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactRequest = z.infer<typeof contactRequestSchema>;
