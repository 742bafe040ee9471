import { z } from 'zod';
import { defineModule } from '../platform/kernel/index.ts';
import {
  authFace,
  endSessions,
  forgetShopper,
  newPasswordRule,
  type AttemptLimit,
  type ShopperHooks,
} from '../platform/auth/face.ts';
import { httpUrl, secret } from '../platform/kernel/setting-types.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { mailFace } from '../platform/mail/face.ts';
import { AuthService } from './service.ts';
import { AccessTokens } from './tokens.ts';
import { SessionStore } from './sessions.ts';
import { EmailLinks } from './email-links.ts';
import { GoogleVerifier } from './google.ts';
import { sharedSecret } from './secrets.ts';
import { NewPasswordRules } from './passwords.ts';
import { PasswordCheckThrottle, SignInThrottle, attemptLimit } from './limits.ts';
import { shopperHooks } from './shopper-hooks.ts';
import { authRoutes } from './routes.ts';
import { emailLinkRoutes } from './email-routes.ts';

/** Wrong current passwords a signed-in shopper may give per 15 minutes. */
const PASSWORD_CHECKS_PER_WINDOW = 5;

export interface Auth {
  auth: AuthService;
  accessTokens: AccessTokens;
  sessions: SessionStore;
  emailLinks: EmailLinks;
  google: GoogleVerifier | null;
  /** What a shopper's new password must also meet (the back office adds its length). */
  newPasswordRules: NewPasswordRules;
  limitAttempts: AttemptLimit;
  signInThrottle: SignInThrottle;
  passwordChecks: PasswordCheckThrottle;
  /** What a route declares to need a signed-in shopper. */
  hooks: ShopperHooks;
  sharedSecret(name: string, configured: string | undefined): Promise<Uint8Array>;
}

export const authModule = defineModule({
  name: 'auth',
  settings: z.object({
    /** Signs access tokens. Unset: a random secret is made once and kept in the database for every process. */
    AUTH_SECRET: secret(z.string().min(32, 'must be at least 32 characters').optional()),
    ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Google sign-in shows when this OAuth client id is set. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
    /** Sign-in, sign-up, forgot-password, resend-verification and reset attempts allowed per IP and per e-mail. */
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /** A session ends this many days after sign-in, however often its tokens are refreshed. */
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  }),
  needs: { database: databaseFace, shop: shopFace, mail: mailFace, rateLimits: rateLimitsFace },
  provides: authFace,
  create: async ({ settings, needs: { database, shop, mail, rateLimits }, gather }): Promise<Auth> => {
    const { db } = database;
    const sessions = new SessionStore(database, settings.SESSION_MAX_DAYS, gather(endSessions));
    const secretKey = await sharedSecret(db, 'access-token', settings.AUTH_SECRET);
    const accessTokens = new AccessTokens(secretKey, settings.ACCESS_TOKEN_MINUTES * 60, { sessions });
    const newPasswordRules = new NewPasswordRules(gather(newPasswordRule));
    const emailLinks = new EmailLinks(
      db,
      mail.outbox,
      sessions,
      { origin: shop.origin, shopName: shop.name },
      newPasswordRules,
    );
    const forgetters = gather(forgetShopper);
    const auth = new AuthService({
      db,
      accessTokens,
      links: emailLinks,
      sessions,
      forgetUserData: async (tx, userId) => {
        for (const forget of forgetters) await forget(tx, userId);
      },
    });
    return {
      auth,
      accessTokens,
      sessions,
      emailLinks,
      google: settings.GOOGLE_CLIENT_ID
        ? new GoogleVerifier({ clientId: settings.GOOGLE_CLIENT_ID, jwksUrl: settings.GOOGLE_JWKS_URL })
        : null,
      newPasswordRules,
      limitAttempts: attemptLimit(new RateLimiter(rateLimits), settings.AUTH_ATTEMPTS_PER_MINUTE),
      signInThrottle: new SignInThrottle(rateLimits, settings.AUTH_ATTEMPTS_PER_MINUTE),
      passwordChecks: new PasswordCheckThrottle(rateLimits, PASSWORD_CHECKS_PER_WINDOW),
      hooks: shopperHooks(accessTokens),
      sharedSecret: (name, configured) => sharedSecret(db, name, configured),
    };
  },
  routes: async (app, own, { database, shop }) => {
    await app.register(authRoutes, {
      auth: own.auth,
      hooks: own.hooks,
      limit: own.limitAttempts,
      signInThrottle: own.signInThrottle,
      accountDetails: {
        db: database.db,
        sessions: own.sessions,
        links: own.emailLinks,
        passwordChecks: own.passwordChecks,
        newPasswordRules: own.newPasswordRules,
      },
      google: own.google,
      publicOrigin: shop.origin,
    });
    await app.register(emailLinkRoutes, {
      links: own.emailLinks,
      auth: own.auth,
      accessTokens: own.accessTokens,
      limit: own.limitAttempts,
    });
  },
  start: ({ sessions }) => sessions.start(),
  stop: ({ sessions }) => sessions.stop(),
});
