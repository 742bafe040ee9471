import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserEndpoint,
  googleSignInEndpoint,
  logoutEndpoint,
  profileEndpoint,
  refreshAccessTokenEndpoint,
  signInEndpoint,
  signUpEndpoint,
  updateProfileEndpoint,
} from '../../core/contracts/account.ts';
import { SIGN_IN_FAILED, type AuthService, type Session } from './service.ts';
import { signedIn, type AttemptLimit, type ShopperHooks } from '../platform/auth/face.ts';
import { isAddressUpdate, saveAccountDetails, saveDefaultAddress, type AccountDetailsDeps } from './profile.ts';
import type { SignInThrottle } from './limits.ts';
import type { GoogleVerifier } from './google.ts';
import { HttpError } from '../platform/http/errors.ts';
import { refuseCrossSite } from '../platform/http/same-origin.ts';
import { route } from '../platform/http/endpoint-route.ts';

export const REFRESH_COOKIE = 'refresh_token';

interface AuthRouteOptions {
  auth: AuthService;
  hooks: ShopperHooks;
  limit: AttemptLimit;
  signInThrottle: SignInThrottle;
  /** What saving account details needs: the database, sessions, e-mail links and the password-check throttle. */
  accountDetails: AccountDetailsDeps;
  /** Present when GOOGLE_CLIENT_ID is configured. */
  google: GoogleVerifier | null;
  /** The shop's public origin; the refresh cookie is Secure when it is https. */
  publicOrigin: string;
}

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { auth, hooks, limit, signInThrottle, accountDetails, google, publicOrigin },
) => {
  const secure = publicOrigin.startsWith('https:');
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth' } as const;

  const sendSession = (reply: FastifyReply, { user, accessToken, refreshToken, refreshExpiresAt }: Session) => {
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions, expires: refreshExpiresAt });
    return { user, accessToken };
  };
  const sameSiteOnly = async (request: FastifyRequest) => refuseCrossSite(request, publicOrigin);

  route(app, signUpEndpoint, {
    config: { echoError: true },
    schema: { tags, summary: 'Create an account' },
    preHandler: (request) => limit('signup', request, request.body.email),
    handler: async (request, reply) => {
      const result = sendSession(reply, await auth.signUp(request.body));
      return reply.code(201).send(result);
    },
  });

  route(app, signInEndpoint, {
    config: { echoError: true },
    schema: { tags, summary: 'Sign in with e-mail and password' },
    preHandler: (request) => signInThrottle.before(request, request.body.email),
    handler: async (request, reply) => {
      const session = await auth.signIn(request.body);
      if (!session) {
        await signInThrottle.failed(request, request.body.email);
        throw new HttpError(401, SIGN_IN_FAILED);
      }
      await signInThrottle.succeeded(request, request.body.email);
      return sendSession(reply, session);
    },
  });

  route(app, googleSignInEndpoint, {
    config: { echoError: true },
    schema: { tags, summary: 'Sign in with a Google ID token' },
    preHandler: (request) => limit('google', request),
    handler: async (request, reply) => {
      if (!google) throw new HttpError(404, 'Google sign-in is not enabled');
      const identity = await google.verify(request.body.id_token);
      const { user, accessToken } = sendSession(reply, await auth.googleSignIn(identity));
      return { accessToken, data: { personal_info: user } };
    },
  });

  route(app, refreshAccessTokenEndpoint, {
    schema: {
      tags,
      summary: 'Exchange the refresh cookie for a new access token (and a new cookie)',
      security: [{ refreshCookie: [] }],
    },
    preHandler: sameSiteOnly,
    handler: async (request, reply) => {
      const result = await auth.refresh(request.cookies[REFRESH_COOKIE]).catch((error: unknown) => {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      });
      return { accessToken: sendSession(reply, result).accessToken };
    },
  });

  route(app, logoutEndpoint, {
    schema: {
      tags,
      summary: 'Sign out: end the session (its access tokens too) and clear the refresh cookie',
      // Without the cookie there is nothing to end, and the answer is the same.
      security: [{ refreshCookie: [] }, {}],
    },
    preHandler: sameSiteOnly,
    handler: async (request, reply) => {
      await auth.signOut(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return { message: 'Logged out' };
    },
  });

  const currentUser = [
    [currentUserEndpoint, 'The signed-in user (the start-up fetch and the /profile guard)'],
    [profileEndpoint, "The signed-in user's profile"],
  ] as const;
  for (const [userEndpoint, summary] of currentUser) {
    route(app, userEndpoint, {
      onRequest: hooks.requireShopper,
      schema: { tags, summary, security },
      handler: async (request) => ({ user: await auth.getUser(signedIn(request).userId) }),
    });
  }

  route(app, updateProfileEndpoint, {
    onRequest: hooks.requireShopper,
    schema: {
      tags,
      summary: 'Save the default address, or the account details (with an optional password change)',
      description:
        'Body: an address (fname, lname, address1, address2, city, state, pincode, phone, email; bare or under `address`), ' +
        'or fullName, email (must stay the same), phone, and password with currentPassword to change the password.',
      security,
    },
    handler: async (request) => {
      const { userId, sessionId } = signedIn(request);
      const body = request.body;
      if (isAddressUpdate(body)) {
        await saveDefaultAddress(accountDetails.db, userId, body);
        return { user: await auth.getUser(userId), message: 'Address saved successfully!' };
      }
      await saveAccountDetails(accountDetails, userId, body, sessionId);
      return { user: await auth.getUser(userId), message: 'Account details updated successfully.' };
    },
  });
};
