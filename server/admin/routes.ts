import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignInAttempts } from '../platform/auth/face.ts';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { HttpError } from '../platform/http/errors.ts';
import {
  ADMIN_MESSAGES,
  addStaffEndpoint,
  adminSecondFactorEndpoint,
  adminSessionEndpoint,
  adminSignInEndpoint,
  adminSignOutEndpoint,
  adminTeamEndpoint,
  removeAdminEndpoint,
} from '../../core/contracts/admin-session.ts';
import { adminCookie, adminCookieOf, adminSecurity, installAdminGuard } from './guard.ts';
import type { AdminService } from './service.ts';
import type { AdminInvitations } from './invitations.ts';
import { invitationRoutes } from './invitation-routes.ts';

export interface AdminApiOptions {
  admin: AdminService;
  invitations: AdminInvitations;
  signInThrottle: SignInAttempts;
  publicOrigin: string;
  /** Registers the capabilities' back-office routes inside the guarded scope. */
  routes: (scope: Parameters<FastifyPluginAsyncZod>[0]) => Promise<void>;
}

const tags = ['admin'];

/**
 * `/api/admin/*`: the guard, the sign-in and the team (decision 0033), then every capability's back-office routes,
 * all behind the one guard.
 */
export const adminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, options) => {
  const { admin, invitations, signInThrottle, publicOrigin } = options;
  const cookie = adminCookie(publicOrigin);
  installAdminGuard(app, admin, publicOrigin);

  route(app, adminSignInEndpoint, {
    config: { adminAccess: 'anyone' },
    schema: {
      tags,
      summary: 'Back-office sign-in, first factor: e-mail and password',
      description:
        'Sets the HttpOnly, SameSite=Strict `admin_session` cookie of a session that may only take the second ' +
        'factor. An admin without an authenticator gets `stage: enrol` and the `otpauthUri`, shown this once.',
    },
    preHandler: (request) => signInThrottle.before(request, request.body.email),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const started = await admin.signIn(email, password, request.ip);
      if (!started) {
        await signInThrottle.failed(request, email);
        throw new HttpError(401, ADMIN_MESSAGES.signInFailed);
      }
      await signInThrottle.succeeded(request, email);
      cookie.set(reply, started.token);
      return { ...started.viewer, ...(started.otpauthUri && { otpauthUri: started.otpauthUri }) };
    },
  });

  route(app, adminSecondFactorEndpoint, {
    config: { adminAccess: 'any-session' },
    schema: {
      tags,
      summary: 'Back-office sign-in, second factor: a TOTP code or a one-time recovery code',
      description:
        'A right code sets a new `admin_session` cookie and answers a new CSRF token: the ones of the password step ' +
        'stop working. Five wrong codes in 15 minutes, from any session or address, lock the account’s code step for ' +
        '15 minutes, each further lock twice as long up to a day: a 429 with Retry-After, even for a right code ' +
        '(decision 0047). The first code after enrolment answers ten recovery codes.',
      security: adminSecurity,
    },
    handler: async (request, reply) => {
      const current = adminCookieOf(request)!;
      const { token, viewer, recoveryCodes } = await admin.secondFactor(current, request.body, request.ip);
      if (token !== current) cookie.set(reply, token);
      return { ...viewer, ...(recoveryCodes && { recoveryCodes }) };
    },
  });

  route(app, adminSessionEndpoint, {
    config: { adminAccess: 'any-session' },
    schema: { tags, summary: 'Who is signed in to the back office, and the CSRF token', security: adminSecurity },
    handler: async (request) => {
      const { email, role, stage, csrfToken } = request.adminSession!;
      return { email, role, stage, csrfToken };
    },
  });

  route(app, adminSignOutEndpoint, {
    config: { adminAccess: 'any-session' },
    schema: { tags, summary: 'Sign out of the back office', security: adminSecurity },
    handler: async (request, reply) => {
      await admin.signOut(adminCookieOf(request));
      cookie.clear(reply);
      return { message: 'Signed out' };
    },
  });

  route(app, adminTeamEndpoint, {
    config: { ownerOnly: true },
    schema: { tags, summary: "The shop's admins and the pending invitations", security: adminSecurity },
    handler: async () => ({ admins: await admin.team(), invitations: await invitations.pending() }),
  });

  route(app, addStaffEndpoint, {
    config: { ownerOnly: true },
    schema: {
      tags,
      summary: 'Invite a staff admin (owner only)',
      description:
        'Mails a single-use link that works for ADMIN_INVITE_HOURS (decision 0048). Nothing is granted until the ' +
        'invitee follows it, sets a new password and sets up an authenticator: a password the account had counts ' +
        'for nothing in the back office.',
      security: adminSecurity,
    },
    handler: async (request, reply) =>
      reply.code(201).send({ invitation: await invitations.send(actorOf(request), request.body) }),
  });

  route(app, removeAdminEndpoint, {
    config: { ownerOnly: true },
    schema: { tags, summary: "Remove an admin's back-office rights (owner only)", security: adminSecurity },
    handler: async (request) => {
      await admin.removeAdmin(actorOf(request), request.params.userId);
      return { message: 'Removed' };
    },
  });

  await app.register(invitationRoutes, { invitations });
  await options.routes(app);
};
