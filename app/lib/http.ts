import type { z } from '../../core/contracts/zod';
import { refreshAccessTokenEndpoint } from '../../core/contracts/account';
import type { Answer, Endpoint, PartSchema } from '../../core/contracts/endpoint';
import { announceSession, clearAccessToken, readAccessToken, storeAccessToken } from './credentials';

/** What a failure says when neither the server nor the connection explains it. */
export const GENERIC_ERROR = 'An unexpected error occurred. Please try again.';
const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
const TIMEOUT_ERROR = 'The server is taking too long to answer. Please try again.';

/** How long one request may take, its answer's body included, before it is given up. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Why a call failed (spec section 8's client error kinds): HTTP, the server answered with an error status; FETCH,
 * the request could not be sent or its answer was cut off (status 0); TIMEOUT, no whole answer within
 * REQUEST_TIMEOUT_MS (status 0); PARSING, the answer is not JSON or not of the endpoint's shape (its status kept).
 */
export type ApiErrorKind = 'HTTP' | 'FETCH' | 'TIMEOUT' | 'PARSING';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind = 'HTTP',
  ) {
    super(message);
  }
}

/** The text to show for a failed call: the server's `{message}` (or the connection's), else the fallback. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** One part of a call's input: required when its schema needs a value, absent when the endpoint has none. */
type InputPart<Name extends string, Value, S> = S extends z.ZodType
  ? {} extends Value
    ? { [K in Name]?: Value }
    : { [K in Name]: Value }
  : { [K in Name]?: never };

/** What a call sends, as the endpoint's schemas take it; query values are the URL's strings. */
export type CallInput<E extends Endpoint> = InputPart<'params', z.input<PartSchema<E, 'params'>>, E['params']> &
  InputPart<'query', { [K in keyof z.output<PartSchema<E, 'querystring'>>]: string }, E['querystring']> &
  InputPart<'headers', z.input<PartSchema<E, 'headers'>>, E['headers']> &
  InputPart<'body', z.input<PartSchema<E, 'body'>>, E['body']>;

/** The input may be left out when the endpoint needs none. */
type CallArgs<E extends Endpoint> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Any call's input, as it goes on the wire. */
interface WireInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The body parsed by the endpoint's schema for this status; an answer of another shape is a failure. */
function parseAnswer<E extends Endpoint>(endpoint: E, status: number, body: unknown): Answer<E> {
  const parsed = endpoint.responses[status]?.safeParse(body);
  if (!parsed?.success) throw new ApiError(status, GENERIC_ERROR, 'PARSING');
  return parsed.data as Answer<E>;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: a refresh token used twice would end the session (decision 0008). */
function refreshAccessToken(): Promise<boolean> {
  const { method, path } = refreshAccessTokenEndpoint;
  refreshing ??= fetch(path, { method, credentials: 'include', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then(async (response) => {
      if (!response.ok) return false;
      const { accessToken } = parseAnswer(refreshAccessTokenEndpoint, response.status, await response.json());
      storeAccessToken(accessToken);
      return true;
    })
    .catch(() => false)
    .finally(() => (refreshing = null));
  return refreshing;
}

/** The path with each `:name` replaced by its value, encoded: `/api/orders/:orderId` → `/api/orders/A%2FB`. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The request's URL: the path's `:params` filled in, then the query. */
function urlOf(path: string, { params, query }: WireInput): string {
  const filled = fillPath(path, params);
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * Sends with the stored access token, read anew for each attempt (a refresh replaces it), and reads the answer's
 * text, all within REQUEST_TIMEOUT_MS. A request that cannot be sent or finished is a FETCH or TIMEOUT ApiError.
 */
async function send(url: string, method: string, { headers, body }: WireInput) {
  const sent = new Headers(headers);
  const token = readAccessToken();
  if (token) sent.set('authorization', `Bearer ${token}`);
  const json = body !== undefined && !(body instanceof FormData);
  if (json) sent.set('content-type', 'application/json');
  const payload = json ? JSON.stringify(body) : (body as FormData | undefined);
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const lost = (): never => {
    throw signal.aborted ? new ApiError(0, TIMEOUT_ERROR, 'TIMEOUT') : new ApiError(0, NETWORK_ERROR, 'FETCH');
  };
  const response = await fetch(url, { method, headers: sent, body: payload, credentials: 'include', signal }).catch(
    lost,
  );
  return { status: response.status, ok: response.ok, text: await response.text().catch(lost) };
}

/** The answer's JSON; undefined when it has no body. */
function bodyOf({ status, text }: { status: number; text: string }): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(status, GENERIC_ERROR, 'PARSING');
  }
}

/** A failure's text: `error` (repeated there for the spec's sign-in client), else `{ message }`, else generic. */
function failureText(body: unknown): string {
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return error;
  return typeof message === 'string' ? message : GENERIC_ERROR;
}

/**
 * Calls an endpoint with the stored access token and answers its parsed success body. On a 401 it refreshes the
 * token and retries once; when the refresh fails too, the session ends locally (spec section 4) and is announced
 * as expired. A failure is an ApiError of its kind, with the server's message, the connection's, or the generic one.
 */
export async function call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Answer<E>> {
  const input = (args[0] ?? {}) as WireInput; // typed by the endpoint at the call; strings and JSON from here
  const url = urlOf(endpoint.path, input);
  let answer = await send(url, endpoint.method, input);
  if (answer.status === 401 && readAccessToken()) {
    if (await refreshAccessToken()) answer = await send(url, endpoint.method, input);
    else {
      clearAccessToken();
      void announceSession({ type: 'session-expired' });
    }
  }
  const body = bodyOf(answer);
  if (!answer.ok) throw new ApiError(answer.status, failureText(body));
  return parseAnswer(endpoint, answer.status, body);
}
