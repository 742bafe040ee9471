import type { User } from '../../core/user';
import type { SignInInput, SignUpInput } from '../../core/validation';
import { ApiError, api, post, put } from './api';
import { clearCredentials, readAccessToken, setCredentials, showSignedOut } from './session';
import { forgetCart } from '../cart/cart-store';

interface SessionResponse {
  user: User;
  accessToken: string;
}

/**
 * The signed-in shopper's cart lives on the server too (decision 0013). The sync code loads only when used,
 * and its failures never fail the sign-in or the page load.
 */
const syncCart = (step: 'mergeGuestCart' | 'pullCart') =>
  import('../cart/cart-sync').then((sync) => sync[step]()).catch(() => {});

/** Start-up: with a stored token, fetch the current user; without one, or on failure, the visitor is signed out. */
export async function loadSession(): Promise<void> {
  if (!readAccessToken()) return clearCredentials();
  try {
    setCredentials(await api<{ user: User }>('/api/auth/me'));
  } catch (error) {
    // A lost connection (or a page left mid-request) says nothing about the token: keep it for the next load.
    if (error instanceof ApiError && error.status === 0) return showSignedOut();
    return clearCredentials();
  }
  await syncCart('pullCart'); // another device's changes appear here
}

export async function signIn(input: SignInInput): Promise<User> {
  const session = await post<SessionResponse>('/api/auth/signin', input);
  setCredentials(session);
  await syncCart('mergeGuestCart');
  return session.user;
}

export async function signUp(input: SignUpInput): Promise<User> {
  const session = await post<SessionResponse>('/api/auth/signup', input);
  setCredentials(session);
  await syncCart('mergeGuestCart');
  return session.user;
}

export async function signInWithGoogle(idToken: string): Promise<User> {
  const { accessToken, data } = await post<{ accessToken: string; data: { personal_info: User } }>(
    '/api/auth/google-auth',
    {
      id_token: idToken,
    },
  );
  setCredentials({ user: data.personal_info, accessToken });
  await syncCart('mergeGuestCart');
  return data.personal_info;
}

/**
 * Asks the server to end the session, then forgets it here even if the server could not be reached, and the
 * browser's cart with it (spec section 4); the account's cart stays on the server.
 */
export async function signOut(): Promise<void> {
  try {
    await post('/api/auth/logout');
  } finally {
    clearCredentials(); // first: a cart change still waiting to be sent then finds no session and is dropped
    forgetCart();
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
  if (readAccessToken()) setCredentials(await api<{ user: User }>('/api/auth/me'));
}
