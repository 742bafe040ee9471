/**
 * The session's calls to the API. Loaded only when a token is stored or a form is used (decision 0011).
 * Sign-in, sign-up, Google sign-in, a restored session and logout are announced on the session channel, so what
 * the shopper keeps per account (the cart) follows without this module knowing about it (decision 0013).
 */
import type { User } from '../../core/user';
import {
  currentUserEndpoint,
  forgotPasswordEndpoint,
  googleSignInEndpoint,
  logoutEndpoint,
  resendVerificationEndpoint,
  resetPasswordEndpoint,
  signInEndpoint,
  signUpEndpoint,
  updateProfileEndpoint,
  verifyEmailEndpoint,
  type SignInInput,
  type SignUpInput,
} from '../../core/contracts/account';
import { announceSession, hasAccessToken } from '../lib/credentials';
import { ApiError, call } from '../lib/http';
import { clearCredentials, setCredentials, showSignedOut } from './session-store';

/** Start-up: with a stored token, fetch the current user; without one, or on failure, the visitor is signed out. */
export async function loadSession(): Promise<void> {
  if (!hasAccessToken()) return clearCredentials();
  try {
    setCredentials(await call(currentUserEndpoint));
  } catch (error) {
    // A lost connection (or a page left mid-request) says nothing about the token: keep it for the next load.
    if (error instanceof ApiError && error.status === 0) return showSignedOut();
    return clearCredentials();
  }
  await announceSession({ type: 'session-restored' }); // another device's cart changes appear here
}

/** A new session: kept, then announced; the listeners' work (the cart merge) is waited for but never fails it. */
async function started(user: User, accessToken: string): Promise<User> {
  setCredentials({ user, accessToken });
  await announceSession({ type: 'signed-in' });
  return user;
}

export async function signIn(input: SignInInput): Promise<User> {
  const session = await call(signInEndpoint, { body: input });
  return started(session.user, session.accessToken);
}

export async function signUp(input: SignUpInput): Promise<User> {
  const session = await call(signUpEndpoint, { body: input });
  return started(session.user, session.accessToken);
}

export async function signInWithGoogle(idToken: string): Promise<User> {
  const { accessToken, data } = await call(googleSignInEndpoint, { body: { id_token: idToken } });
  return started(data.personal_info, accessToken);
}

/**
 * Asks the server to end the session, then forgets it here even if the server could not be reached, and
 * announces the logout, on which the browser's cart goes too (spec section 4); the account's cart stays.
 */
export async function signOut(): Promise<void> {
  try {
    await call(logoutEndpoint);
  } finally {
    clearCredentials(); // first: a cart change still waiting to be sent then finds no session and is dropped
    await announceSession({ type: 'signed-out' });
  }
}

/** Saves an address or the account details; the confirmed user replaces the cached one. */
export async function updateProfile(body: Record<string, unknown>): Promise<string> {
  const { user, message } = await call(updateProfileEndpoint, { body });
  setCredentials({ user });
  return message;
}

export const requestPasswordReset = (email: string) => call(forgotPasswordEndpoint, { body: { email } });

export const resetPassword = (tokenId: string, newPassword: string, confirmPassword: string) =>
  call(resetPasswordEndpoint, { params: { tokenId }, body: { newPassword, confirmPassword } });

export const verifyEmail = (token: string) => call(verifyEmailEndpoint, { params: { token } });

export const resendVerification = (email?: string) =>
  call(resendVerificationEndpoint, { body: email ? { email } : {} });

/** Re-reads the user, e.g. after verifying the e-mail in another tab. */
export async function refreshUser(): Promise<void> {
  if (hasAccessToken()) setCredentials(await call(currentUserEndpoint));
}
