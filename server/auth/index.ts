// The auth module's public face (decision 0024): accounts, sessions, access tokens and sign-in limits.
export { authRoutes, REFRESH_COOKIE } from './routes.ts';
export { emailLinkRoutes } from './email-routes.ts';
export { decorateShopper, shopperHooks, signedIn, type ShopperHooks } from './shopper-hooks.ts';
export { AuthService, type Buyer } from './service.ts';
export { AccessTokens } from './tokens.ts';
export { SessionStore } from './sessions.ts';
export { EmailLinks } from './email-links.ts';
export { GoogleVerifier } from './google.ts';
export { sharedSecret } from './secrets.ts';
export { NewPasswordRules } from './passwords.ts';
export { PasswordCheckThrottle, SignInThrottle, attemptLimit, type AttemptLimit } from './limits.ts';
export { authModule, authFace, forgetShopper, endSessions, newPasswordRule, type Auth } from './module.ts';
