/**
 * The back office's calls from the browser, for the steps whose answer sets the session cookie (signing in,
 * accepting an invitation): with the session's CSRF token in the CSRF_HEADER where there is one, which the admin
 * guard checks on every change (decision 0033). Pages read through their loaders and change through their actions
 * (api.server.ts, change-form.tsx).
 */
import { CSRF_HEADER } from '../../core/contracts/admin-session';
import type { Answer, Endpoint } from '../../core/contracts/endpoint';
import { ApiError, GENERIC_ERROR, REQUEST_TIMEOUT_MS, fillPath } from '../lib/http';

/**
 * The success answer's type: some contracts' spread error maps widen Answer with their `{ message }`; a call only
 * resolves with a 2xx body, so that is left out unless it is the success answer itself.
 */
export type Success<E extends Endpoint> = [Exclude<Answer<E>, { message: string }>] extends [never]
  ? Answer<E>
  : Exclude<Answer<E>, { message: string }>;

/**
 * The sign-in's two steps (and an invitation's acceptance), outside call(): their 401 means a wrong password or code, which call() would take for the
 * shopper's expired token, refreshing it and sending the same attempt twice (or signing the shopper out).
 */
export async function signInStep<E extends Endpoint>(
  endpoint: E,
  body: unknown,
  csrfToken?: string,
  params?: Record<string, string>,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  const response = await fetch(fillPath(endpoint.path, params), {
    method: endpoint.method,
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => {
    throw new ApiError(0, GENERIC_ERROR, 'FETCH');
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (answer as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : GENERIC_ERROR);
  }
  const parsed = endpoint.responses[response.status]?.safeParse(answer);
  if (!parsed?.success) throw new ApiError(response.status, GENERIC_ERROR, 'PARSING');
  return parsed.data as Success<E>;
}
