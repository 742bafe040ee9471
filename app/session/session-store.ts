import { useSyncExternalStore } from 'react';
import type { User } from '../../core/user';
import { clearAccessToken, onSessionChange, storeAccessToken } from '../lib/credentials';

export interface SessionState {
  /** 'loading' until the start-up fetch has answered. */
  status: 'loading' | 'signed-out' | 'signed-in';
  user: User | null;
}

const SERVER_STATE: SessionState = { status: 'loading', user: null };
let state: SessionState = SERVER_STATE;
const listeners = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Signed in: keep the token (when a new one came) and the user. */
export function setCredentials({ user, accessToken }: { user: User; accessToken?: string }): void {
  if (accessToken) storeAccessToken(accessToken);
  publish({ status: 'signed-in', user });
}

/** Signed out, locally: the user is emptied and the stored token removed. */
export function clearCredentials(): void {
  clearAccessToken();
  publish({ status: 'signed-out', user: null });
}

/** Signed out for this page only, keeping the stored token: the server could not be reached to check it. */
export function showSignedOut(): void {
  publish({ status: 'signed-out', user: null });
}

// The HTTP client removed the token after a failed refresh: the page shows the visitor signed out.
onSessionChange((event) => {
  if (event.type === 'session-expired') showSignedOut();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session; during server rendering it is always 'loading', since the token lives in the browser. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}
