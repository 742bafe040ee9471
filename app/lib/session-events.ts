/**
 * The session announces its changes here, and whoever keeps something per shopper listens (the cart today, the
 * wishlist next). Neither side imports the other: the root subscribes the listeners (decision 0013).
 */
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
