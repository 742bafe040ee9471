import { contactEndpoint, type ContactRequest } from '../../core/contracts/contact';
import { call } from '../lib/http';

/** Sends the contact form; the answer's message is the spec's 'Sent Successfully'. */
export const sendContactMessage = (body: ContactRequest) => call(contactEndpoint, { body });
