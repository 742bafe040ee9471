import { messageSchema } from '../../core/contracts/fields.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInSchema, signUpSchema } from '../../core/contracts/account.ts';
import { SIGN_IN_FAILED, type AuthService, type Session } from './service.ts';
import { signedIn, type ShopperHooks } from './shopper-hooks.ts';
import { userSchema } from '../../core/contracts/account.ts';
import { isAddressUpdate, saveAccountDetails, saveDefaultAddress, type AccountDetailsDeps } from './profile.ts';
import type { AttemptLimit, SignInThrottle } from './limits.ts';
import type { GoogleVerifier } from './google.ts';
import { HttpError } from '../http/errors.ts';
import { refuseCrossSite } from '../http/same-origin.ts';

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

const session = z.object({ user: userSchema, accessToken: z.string() });

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

  app.post(
    '/api/auth/signup',
    {
      config: { echoError: true },
      schema: { tags: ['auth'], summary: 'Create an account', body: signUpSchema, response: { 201: session } },
      preHandler: (request) => limit('signup', request, request.body.email),
    },
    async (request, reply) => {
      const result = sendSession(reply, await auth.signUp(request.body));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: { echoError: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: signInSchema,
        response: { 200: session },
      },
      preHandler: (request) => signInThrottle.before(request, request.body.email),
    },
    async (request, reply) => {
      const session = await auth.signIn(request.body);
      if (!session) {
        await signInThrottle.failed(request, request.body.email);
        throw new HttpError(401, SIGN_IN_FAILED);
      }
      await signInThrottle.succeeded(request, request.body.email);
      return sendSession(reply, session);
    },
  );

  app.post(
    '/api/auth/google-auth',
    {
      config: { echoError: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token',
        body: z.object({ id_token: z.string({ error: 'No ID token received from Google.' }) }),
        response: { 200: z.object({ accessToken: z.string(), data: z.object({ personal_info: userSchema }) }) },
      },
      preHandler: (request) => limit('google', request),
    },
    async (request, reply) => {
      if (!google) throw new HttpError(404, 'Google sign-in is not enabled');
      const identity = await google.verify(request.body.id_token);
      const { user, accessToken } = sendSession(reply, await auth.googleSignIn(identity));
      return { accessToken, data: { personal_info: user } };
    },
  );

  app.post(
    '/api/auth/refresh-access-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (and a new cookie)',
        response: { 200: z.object({ accessToken: z.string() }) },
      },
      preHandler: sameSiteOnly,
    },
    async (request, reply) => {
      const result = await auth.refresh(request.cookies[REFRESH_COOKIE]).catch((error: unknown) => {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      });
      return { accessToken: sendSession(reply, result).accessToken };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: end the session (its access tokens too) and clear the refresh cookie',
        response: { 200: messageSchema },
      },
      preHandler: sameSiteOnly,
    },
    async (request, reply) => {
      await auth.signOut(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return { message: 'Logged out' };
    },
  );

  const currentUser = [
    ['/api/auth/me', 'The signed-in user (the start-up fetch and the /profile guard)'],
    ['/api/auth/profile', "The signed-in user's profile"],
  ] as const;
  for (const [url, summary] of currentUser) {
    app.get(
      url,
      {
        onRequest: hooks.requireShopper,
        schema: {
          tags: ['auth'],
          summary,
          security: [{ bearerAuth: [] }],
          response: { 200: z.object({ user: userSchema }) },
        },
      },
      async (request) => ({ user: await auth.getUser(signedIn(request).userId) }),
    );
  }

  app.put(
    '/api/auth/profile',
    {
      onRequest: hooks.requireShopper,
      schema: {
        tags: ['auth'],
        summary: 'Save the default address, or the account details (with an optional password change)',
        description:
          'Body: an address (fname, lname, address1, address2, city, state, pincode, phone, email; bare or under `address`), ' +
          'or fullName, email (must stay the same), phone, and password with currentPassword to change the password.',
        security: [{ bearerAuth: [] }],
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ user: userSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const { userId, sessionId } = signedIn(request);
      const body = request.body;
      if (isAddressUpdate(body)) {
        await saveDefaultAddress(accountDetails.db, userId, body);
        return { user: await auth.getUser(userId), message: 'Address saved successfully!' };
      }
      await saveAccountDetails(accountDetails, userId, body, sessionId);
      return { user: await auth.getUser(userId), message: 'Account details updated successfully.' };
    },
  );
};
