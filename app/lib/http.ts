import type { ApiMessage } from '../../core/contracts/fields';
import { announceSession, clearAccessToken, readAccessToken, storeAccessToken } from './credentials';

/** What a failure says when neither the server nor the connection explains it. */
export const GENERIC_ERROR = 'An unexpected error occurred. Please try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The text to show for a failed call: the server's `{message}` (or the lost connection's), else the fallback. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

const REFRESH_PATH = '/api/auth/refresh-access-token';
let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: a refresh token used twice would end the session (decision 0008). */
function refreshAccessToken(): Promise<boolean> {
  refreshing ??= fetch(REFRESH_PATH, { method: 'POST', credentials: 'include' })
    .then(async (response) => {
      if (!response.ok) return false;
      const { accessToken } = (await response.json()) as { accessToken?: string };
      if (accessToken) storeAccessToken(accessToken);
      return Boolean(accessToken);
    })
    .catch(() => false)
    .finally(() => (refreshing = null));
  return refreshing;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const token = readAccessToken();
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body && !(init.body instanceof FormData)) headers.set('content-type', 'application/json');
  return fetch(path, { ...init, headers, credentials: 'include' });
}

/**
 * Calls the API with the stored access token. On a 401 it refreshes the token and retries once; when the
 * refresh fails too, the session ends locally (spec section 4) and is announced as expired. Errors carry the
 * server's message.
 */
export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response = await send(path, init).catch(() => {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  });
  if (response.status === 401 && readAccessToken()) {
    if (await refreshAccessToken()) response = await send(path, init);
    else {
      clearAccessToken();
      void announceSession({ type: 'session-expired' });
    }
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ApiMessage> & { error?: string };
  if (!response.ok) throw new ApiError(response.status, body.error ?? body.message ?? GENERIC_ERROR);
  return body as T;
}

export const post = <T>(path: string, body?: unknown) =>
  api<T>(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
export const put = <T>(path: string, body: unknown) => api<T>(path, { method: 'PUT', body: JSON.stringify(body) });
