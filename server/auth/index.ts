// The auth module's public face (decision 0024): accounts, sessions, access tokens and sign-in limits. What other
// modules see of it is the platform's auth face (server/platform/auth/face.ts, decision 0061).
export { authModule, type Auth } from './module.ts';
export { decorateShopper } from './shopper-hooks.ts';
export { REFRESH_COOKIE } from './routes.ts';
