import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES, contactEndpoint } from '../../core/contracts/contact.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { ContactService } from './service.ts';

interface ContactRouteOptions {
  contact: ContactService;
}

/** The contact form's one endpoint (decision 0027). */
export const contactRoutes: FastifyPluginAsyncZod<ContactRouteOptions> = async (app, { contact }) => {
  route(app, contactEndpoint, {
    schema: {
      tags: ['contact'],
      summary: "Send the shop a message; it is stored under a ticket number and acknowledged to the sender's e-mail",
      description:
        'The shop is mailed the message and the sender an acknowledgement quoting the ticket (within the 48 hours ' +
        "India's e-commerce rules allow). More than CONTACT_MESSAGES_PER_HOUR messages from one address in an hour " +
        'is 429 with Retry-After. A filled `website` (a honeypot) gets the same 201, and the message is dropped.',
    },
    handler: async (request, reply) => {
      await contact.receive(request.body, request.ip);
      return reply.code(201).send({ message: CONTACT_MESSAGES.sent });
    },
  });
};
