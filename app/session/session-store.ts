import { useSyncExternalStore } from 'react';
import type { User } from '../../core/user';

/** The spec's key for the access token in localStorage. */
export const ACCESS_TOKEN_KEY = 'access_token';

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

export const readAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY);

/** Signed in: keep the token (when a new one came) and the user. */
export function setCredentials({ user, accessToken }: { user: User; accessToken?: string }): void {
  if (accessToken) localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
  publish({ status: 'signed-in', user });
}

export function storeAccessToken(accessToken: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
}

/** Signed out, locally: the user is emptied and the stored token removed. */
export function clearCredentials(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  publish({ status: 'signed-out', user: null });
}

/** Signed out for this page only, keeping the stored token: the server could not be reached to check it. */
export function showSignedOut(): void {
  publish({ status: 'signed-out', user: null });
}

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
