/**
 * The session's calls to the API. Loaded only when a token is stored or a form is used (decision 0011).
 * Sign-in, sign-up, Google sign-in, a restored session and logout are announced on the session channel, so what
 * the shopper keeps per account (the cart) follows without this module knowing about it (decision 0013).
 */
import type { User } from '../../core/user';
import type { SignInInput, SignUpInput } from '../../core/contracts/account';
import { announceSession, hasAccessToken } from '../lib/credentials';
import { ApiError, api, post, put } from '../lib/http';
import { clearCredentials, setCredentials, showSignedOut } from './session-store';

interface SessionResponse {
  user: User;
  accessToken: string;
}

/** Start-up: with a stored token, fetch the current user; without one, or on failure, the visitor is signed out. */
export async function loadSession(): Promise<void> {
  if (!hasAccessToken()) return clearCredentials();
  try {
    setCredentials(await api<{ user: User }>('/api/auth/me'));
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
  const session = await post<SessionResponse>('/api/auth/signin', input);
  return started(session.user, session.accessToken);
}

export async function signUp(input: SignUpInput): Promise<User> {
  const session = await post<SessionResponse>('/api/auth/signup', input);
  return started(session.user, session.accessToken);
}

export async function signInWithGoogle(idToken: string): Promise<User> {
  const { accessToken, data } = await post<{ accessToken: string; data: { personal_info: User } }>(
    '/api/auth/google-auth',
    { id_token: idToken },
  );
  return started(data.personal_info, accessToken);
}

/**
 * Asks the server to end the session, then forgets it here even if the server could not be reached, and
 * announces the logout, on which the browser's cart goes too (spec section 4); the account's cart stays.
 */
export async function signOut(): Promise<void> {
  try {
    await post('/api/auth/logout');
  } finally {
    clearCredentials(); // first: a cart change still waiting to be sent then finds no session and is dropped
    await announceSession({ type: 'signed-out' });
  }
}

/** Saves an address or the account details; the confirmed user replaces the cached one. */
export async function updateProfile(body: object): Promise<string> {
  const { user, message } = await put<{ user: User; message: string }>('/api/auth/profile', body);
  setCredentials({ user });
  return message;
}

export const requestPasswordReset = (email: string) =>
  post<{ message: string }>('/api/auth/forgot-password', { email });

export const resetPassword = (tokenId: string, newPassword: string, confirmPassword: string) =>
  post<{ message: string }>(`/api/auth/reset-password/${encodeURIComponent(tokenId)}`, {
    newPassword,
    confirmPassword,
  });

export const verifyEmail = (token: string) =>
  post<{ message: string }>(`/api/auth/verify-email/${encodeURIComponent(token)}`);

export const resendVerification = (email?: string) =>
  post<{ message: string }>('/api/auth/resend-verification-email', email ? { email } : {});

/** Re-reads the user, e.g. after verifying the e-mail in another tab. */
export async function refreshUser(): Promise<void> {
  if (hasAccessToken()) setCredentials(await api<{ user: User }>('/api/auth/me'));
}
