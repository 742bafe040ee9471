/**
 * The back office's loaders and actions (issue 32): each reads or changes through the shop's own /api/admin/*
 * in process (context.api), with the page request's cookie, and parses the answer with the endpoint's contract.
 * So the admin guard, its CSRF check (decision 0033), the audit log and the contracts stay the browser's one path.
 */
import { data, type AppLoadContext } from 'react-router';
import { CSRF_HEADER } from '../../core/contracts/admin-session';
import type { Endpoint } from '../../core/contracts/endpoint';
import type { z } from '../../core/contracts/zod';
import { GENERIC_ERROR, fillPath, type CallInput } from '../lib/http';
import type { Success } from './api';
import { CSRF_FIELD, FORM_FIELD, type Reply } from './change-form';
import { adminOrNotFound } from './viewer';

interface RouteArgs {
  context: AppLoadContext;
  request: Request;
}

/** A call's path values and body as its contract takes them; a read's query as the address has it. */
type Input<E extends Endpoint> = Omit<CallInput<E>, 'headers' | 'query'> & { query?: Record<string, string> };

/** What a change answers a form: the API's answer, or its `{ message }` (or the contract's) for the toast. */
export type Outcome<T> = { ok: true; answer: T; setCookies: string[] } | { ok: false; status: number; message: string };

/** Sends one call; a change carries the CSRF token its form sent, which the admin guard compares with the session's. */
export async function send<E extends Endpoint>(
  { context, request }: RouteArgs,
  endpoint: E,
  input: Input<E> & { csrfToken?: string },
): Promise<Outcome<Success<E>>> {
  const { params, query, body, csrfToken } = input as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    csrfToken?: string;
  };
  const search = new URLSearchParams(query).toString();
  const path = fillPath(endpoint.path, params);
  const headers: Record<string, string> = csrfToken === undefined ? {} : { [CSRF_HEADER]: csrfToken };
  let payload = body;
  if (body instanceof FormData) {
    // A multipart upload (images) goes on as the bytes and boundary the platform encodes.
    const encoded = new Response(body);
    payload = new Uint8Array(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
  }
  const answer = await context.api(request, context.clientAddress, {
    method: endpoint.method,
    url: search ? `${path}?${search}` : path,
    body: payload,
    headers,
  });
  if (answer.status < 200 || answer.status > 299) {
    const message = (answer.body as { message?: unknown } | undefined)?.message;
    return { ok: false, status: answer.status, message: typeof message === 'string' ? message : GENERIC_ERROR };
  }
  const parsed = endpoint.responses[answer.status]?.safeParse(answer.body);
  if (!parsed?.success) return { ok: false, status: 502, message: GENERIC_ERROR };
  return { ok: true, answer: parsed.data as Success<E>, setCookies: answer.setCookies };
}

/**
 * A page's read: the admin past the second factor (else the back office's 404, as the layout's guard answers: the
 * loaders of a page run side by side), then the API's answer; a failure is thrown with its status and message for
 * the page's error boundary.
 */
export async function read<E extends Endpoint>(
  args: RouteArgs,
  endpoint: E,
  input: Input<E> = {} as Input<E>,
): Promise<Success<E>> {
  await adminOrNotFound(args.context, args.request);
  const outcome = await send(args, endpoint, input);
  if (!outcome.ok) throw data(outcome.message, { status: outcome.status });
  return outcome.answer;
}

/** The address's search as a read's query: the names given, empty values left out (the server checks them). */
export function searchInput(request: Request, names: readonly string[]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  const input: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value) input[name] = value;
  }
  return input;
}

/** A path value that is no page of its kind (e.g. `messages/abc`): the back office's 404, before any read. */
export function pageParam(value: string | undefined, pattern: RegExp): string {
  if (value === undefined || !pattern.test(value)) throw data('Not found', { status: 404 });
  return value;
}

/** A field's schema under its optional, nullable and default wrappers. */
function innerType(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const { def } = inner._zod as unknown as { def: { type: string; innerType?: z.ZodType } };
    if (!def.innerType || !['optional', 'nullable', 'default', 'prefault'].includes(def.type)) return inner;
    inner = def.innerType;
  }
}

/**
 * The body a form's fields describe, for the contract's own schema: the fields it names, as typed, and a number
 * field as a number (blank is missing, or null where the contract takes null; other text is NaN, which the
 * contract refuses with its message). So the form holds no text twins of the contract's numbers.
 */
export function bodyOf(schema: z.ZodObject, form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = form.get(name);
    if (typeof value !== 'string') continue;
    if (innerType(field)._zod.def.type !== 'number') body[name] = value;
    else if (value.trim() !== '') body[name] = Number(value.trim());
    else if (field.safeParse(null).success) body[name] = null;
  }
  return body;
}

/** Each refused field's first message, keyed by its path joined with dots: the name of the input it is about. */
export function messagesByInput(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/**
 * A form's change (issue 32): the admin past the second factor, the body parsed with the endpoint's contract (its
 * first message answers a refused form, as the browser's form said it), then the call with the CSRF token the form
 * carried. Answers the toast: `done` of the API's answer, or its `{ message }` with its status.
 */
export async function change<E extends Endpoint>(
  args: RouteArgs & { form: FormData },
  endpoint: E,
  {
    params,
    body,
    done,
    next,
  }: {
    params?: Record<string, string>;
    body?: unknown;
    done: (answer: Success<E>) => string;
    /** Where the page goes after the change, e.g. the product it created. */
    next?: (answer: Success<E>) => string;
  },
) {
  await adminOrNotFound(args.context, args.request);
  const form = String(args.form.get(FORM_FIELD) ?? '');
  // Checked here for the form's message; sent as the form gave it, for the API parses it again with this schema.
  const parsed = body === undefined || endpoint.consumes ? undefined : endpoint.body?.safeParse(body);
  if (parsed && !parsed.success) {
    const message = parsed.error.issues[0]?.message ?? GENERIC_ERROR;
    return data<Reply>({ ok: false, message, form, errors: messagesByInput(parsed.error) }, { status: 400 });
  }
  const csrfToken = args.form.get(CSRF_FIELD);
  const outcome = await send(args, endpoint, {
    params,
    body,
    csrfToken: typeof csrfToken === 'string' ? csrfToken : '',
  } as Input<E> & { csrfToken: string });
  if (!outcome.ok) return data<Reply>({ ok: false, message: outcome.message, form }, { status: outcome.status });
  return data<Reply>({ ok: true, message: done(outcome.answer), form, location: next?.(outcome.answer) });
}

/** A form that names none of the page's forms. */
export const unknownForm = (form: FormData) =>
  data<Reply>({ ok: false, message: GENERIC_ERROR, form: String(form.get(FORM_FIELD) ?? '') }, { status: 400 });
