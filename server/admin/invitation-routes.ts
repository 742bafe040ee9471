import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import {
  acceptInvitationEndpoint,
  invitationAuthenticatorEndpoint,
  invitationEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
} from '../../core/contracts/admin-session.ts';
import type { AdminInvitations } from './invitations.ts';

const tags = ['admin'];
const adminSecurity = [{ adminCookie: [] }];
const GONE = 'An expired, used, revoked or replaced link answers 410, all alike.';

/**
 * Invitations (decision 0048): the owner resends or revokes one; the invitee, signed in to nothing, accepts by the
 * mailed link. Registered inside the admin guard's scope, so the link's routes say `adminAccess: 'anyone'`.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ invitations: AdminInvitations }> = async (
  app,
  { invitations },
) => {
  route(app, resendInvitationEndpoint, {
    config: { ownerOnly: true },
    schema: {
      tags,
      summary: 'Send a staff admin a new invitation link (owner only); the old link stops working',
      security: adminSecurity,
    },
    handler: async (request) => ({
      invitation: await invitations.resend(actorOf(request), request.params.userId),
    }),
  });

  route(app, revokeInvitationEndpoint, {
    config: { ownerOnly: true },
    schema: {
      tags,
      summary: 'Withdraw a pending invitation (owner only); its link then answers like an expired one',
      security: adminSecurity,
    },
    handler: async (request) => {
      await invitations.revoke(actorOf(request), request.params.userId);
      return { message: 'Invitation revoked' };
    },
  });

  route(app, invitationEndpoint, {
    config: { adminAccess: 'anyone' },
    schema: { tags, summary: 'Whose invitation a link is, while it works', description: GONE },
    handler: (request) => invitations.show(request.params.token),
  });

  route(app, invitationAuthenticatorEndpoint, {
    config: { adminAccess: 'anyone' },
    schema: {
      tags,
      summary: "Check an invitation's new password and start setting up its authenticator",
      description: `Answers the otpauth:// URI of a new secret; the newest counts. Nothing is saved on the account. ${GONE}`,
    },
    handler: (request) => invitations.startAuthenticator(request.params.token, request.body.password),
  });

  route(app, acceptInvitationEndpoint, {
    config: { adminAccess: 'anyone' },
    schema: {
      tags,
      summary: 'Accept an invitation: new password and the authenticator’s first code',
      description:
        'The account’s old password is replaced, its e-mail verified and its other sessions end; it becomes a ' +
        `staff admin and gets ten recovery codes, shown this once. Five wrong codes end the link. ${GONE}`,
    },
    handler: (request) => invitations.accept(request.params.token, request.body, request.ip),
  });
};
