import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../platform/http/errors.ts';
import { errorAnswer } from '../platform/http/endpoint-route.ts';
import { refuseCrossSite } from '../platform/http/same-origin.ts';
import { ADMIN_MESSAGES, CSRF_HEADER } from '../../core/contracts/admin-session.ts';
import { ADMIN_SESSION_HOURS, type AdminService, type AdminSession } from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a back-office route: `anyone` (the password step), `any-session` (a session at any stage: the
     * second factor, reading or ending the session), or, by default, an admin fully signed in.
     */
    adminAccess?: 'anyone' | 'any-session';
    /** Only owners: managing admins. */
    ownerOnly?: boolean;
  }
  interface FastifyRequest {
    /** The back-office session the guard found (any stage), for the session routes. */
    adminSession: AdminSession | null;
  }
}

export const ADMIN_COOKIE = 'admin_session';
/** What every back-office route's documentation says it needs: the admin cookie's session. */
export const adminSecurity = [{ adminCookie: [] }];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The admin session cookie: HttpOnly, SameSite=Strict, for the whole site (pages under /admin and the API). */
export function adminCookie(publicOrigin: string) {
  const options = {
    httpOnly: true,
    sameSite: 'strict',
    secure: publicOrigin.startsWith('https:'),
    path: '/',
  } as const;
  return {
    set: (reply: FastifyReply, token: string) =>
      reply.setCookie(ADMIN_COOKIE, token, { ...options, maxAge: ADMIN_SESSION_HOURS * 3600 }),
    clear: (reply: FastifyReply) => reply.clearCookie(ADMIN_COOKIE, options),
  };
}

export const adminCookieOf = (request: FastifyRequest): string | undefined => request.cookies[ADMIN_COOKIE];

/**
 * The one guard of `/api/admin/*` (decision 0033): a shopper's bearer token counts for nothing here; the admin
 * cookie's session must be past the second factor, a change must come from the shop's own pages with the session's
 * CSRF token, and managing admins is for owners. Everyone else gets 403.
 */
export function installAdminGuard(app: FastifyInstance, admin: AdminService, publicOrigin: string): void {
  app.decorateRequest('adminActor', null);
  app.decorateRequest('adminSession', null);
  // Every route behind the guard, whichever module declares it, is documented as needing the admin session, with
  // the 403 the guard answers; the modules' back-office routes repeat none of it (decision 0058).
  app.addHook('onRoute', (options) => {
    if (options.config?.adminAccess === 'anyone') return;
    const schema = (options.schema ??= {}) as { security?: unknown; response?: Record<number, unknown> };
    schema.security ??= adminSecurity;
    if (schema.response) schema.response = { 403: errorAnswer, ...schema.response };
  });
  app.addHook('onRequest', async (request) => {
    const { adminAccess, ownerOnly } = request.routeOptions.config;
    const changes = !SAFE_METHODS.has(request.method);
    if (changes) refuseCrossSite(request, publicOrigin);
    if (adminAccess === 'anyone') return;
    const session = await admin.session(adminCookieOf(request));
    if (!session) throw new HttpError(403, ADMIN_MESSAGES.notAdmin);
    if (changes && request.headers[CSRF_HEADER] !== session.csrfToken) throw new HttpError(403, ADMIN_MESSAGES.csrf);
    request.adminSession = session;
    if (adminAccess === 'any-session') return;
    if (session.stage !== 'complete') throw new HttpError(403, ADMIN_MESSAGES.secondFactorFirst);
    if (ownerOnly && session.role !== 'owner') throw new HttpError(403, ADMIN_MESSAGES.ownerOnly);
    request.adminActor = { userId: session.userId, email: session.email, role: session.role, ip: request.ip };
  });
}
