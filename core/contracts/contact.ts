/** The contact form's contract. */
import { z } from './zod.ts';
import { MAX, MESSAGES, NAME_MIN, email, multiLineText, phone, requiredText } from './fields.ts';

export const contactSchema = z.object({
  fullname: requiredText('Enter Name', MAX.name).min(NAME_MIN, 'Enter Fullname'),
  email: email(MESSAGES.enterEmail, 'Email is not valid'),
  phone: phone('Enter Phone Number'),
  message: multiLineText('Enter your Message', MAX.text),
});

export type ContactInput = z.infer<typeof contactSchema>;
