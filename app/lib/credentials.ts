/**
 * The shopper's credentials in this browser, as far as shared code knows them: the stored access token, and the
 * channel on which the session announces that it began or ended. The session (app/session) stores the token
 * and announces; the HTTP client sends the token, replaces it on refresh and announces when it expired;
 * whoever keeps something per shopper (the cart today, the wishlist next) listens. Neither side imports the
 * other: the root subscribes the listeners (decision 0013). One small module, as every page loads it.
 */

/** The spec's key for the access token in localStorage. */
export const ACCESS_TOKEN_KEY = 'access_token';

export const readAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY);

/** A stored token means requests go out signed in, even before the start-up check has answered. */
export const hasAccessToken = (): boolean => readAccessToken() !== null;

export function storeAccessToken(accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
}

export function clearAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
}

export type SessionEvent =
  /** Sign-in, sign-up or Google sign-in: a new session (the cart merges the guest cart into the account's). */
  | { type: 'signed-in' }
  /** Page load: the stored session is still good (the cart pulls the account's cart). */
  | { type: 'session-restored' }
  /** The shopper logged out (the cart forgets this browser's copy; the account's stays on the server). */
  | { type: 'signed-out' }
  /** The access token could not be refreshed: the session ended here without a logout. */
  | { type: 'session-expired' };

type Listener = (event: SessionEvent) => unknown;

const listeners = new Set<Listener>();

/** Listens until the returned function is called. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Tells every listener, synchronously, and resolves once the work each started has finished; a listener's
 * failure stays its own, so an announcement never fails (sign-in waits for the cart but never fails because of it).
 */
export async function announceSession(event: SessionEvent): Promise<void> {
  const work = [...listeners].map((listener) => {
    try {
      return listener(event);
    } catch (error) {
      return Promise.reject(error);
    }
  });
  await Promise.allSettled(work);
}
