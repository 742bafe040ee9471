import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import {
  inboxEndpoint,
  inboxThreadEndpoint,
  markMessageReadEndpoint,
  markMessageUnreadEndpoint,
  replyToMessageEndpoint,
} from '../../core/contracts/admin-messages.ts';
import type { ContactInbox } from './inbox.ts';

interface ContactAdminRouteOptions {
  inbox: ContactInbox;
}

const tags = ['admin'];

/** The back office's contact inbox (decision 0035); the admin guard lets only admins reach it. */
export const contactAdminRoutes: FastifyPluginAsyncZod<ContactAdminRouteOptions> = async (app, { inbox }) => {
  route(app, inboxEndpoint, {
    schema: {
      tags,
      summary: "The contact form's messages, newest first, unread or read",
      description:
        '`status` unread, read or all; `q` searches name, e-mail, phone and text, or finds a ticket (`#100001`); ' +
        "`before` is the previous page's `next`.",
    },
    handler: async (request) => {
      actorOf(request);
      return inbox.list(request.query);
    },
  });

  route(app, inboxThreadEndpoint, {
    schema: { tags, summary: "A message and the shop's replies to it; it stays unread until marked" },
    handler: async (request) => {
      actorOf(request);
      return inbox.thread(request.params.ticketNumber);
    },
  });

  for (const [endpoint, read] of [
    [markMessageReadEndpoint, true],
    [markMessageUnreadEndpoint, false],
  ] as const) {
    route(app, endpoint, {
      schema: {
        tags,
        summary: read ? 'Mark a message read' : 'Mark a message unread again',
        description: `Audited as \`message.${read ? 'read' : 'unread'}\`. Done twice, nothing changes.`,
      },
      handler: async (request) => inbox.mark(actorOf(request), request.params.ticketNumber, read),
    });
  }

  route(app, replyToMessageEndpoint, {
    schema: {
      tags,
      summary: 'Reply to a message: stored, mailed to its sender under its ticket number, and the message marked read',
      description: 'The mail is from the shop, its subject `Re: [Ticket #100001] …`. Audited as `message.reply`.',
    },
    handler: async (request, reply) => {
      const thread = await inbox.reply(actorOf(request), request.params.ticketNumber, request.body.message);
      return reply.code(201).send(thread);
    },
  });
};
