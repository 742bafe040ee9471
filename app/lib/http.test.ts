import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../core/contracts/endpoint';
import { messageSchema } from '../../core/contracts/fields';
import { cancelOrderEndpoint, userOrdersEndpoint, type Order } from '../../core/contracts/orders';
import { memoryStorage } from '../payments/tab-storage';
import { ACCESS_TOKEN_KEY, onSessionChange, type SessionEvent } from './credentials';
import { ApiError, GENERIC_ERROR, REQUEST_TIMEOUT_MS, call, fillPath } from './http';

const renameEndpoint = endpoint({
  method: 'PUT',
  path: '/api/things/:thingId/name',
  params: z.object({ thingId: z.string() }),
  querystring: z.object({ notify: z.string() }),
  headers: z.object({ 'idempotency-key': z.string() }),
  body: z.object({ name: z.string() }),
  responses: { 200: z.object({ name: z.string() }), 409: messageSchema },
});
const rename = () =>
  call(renameEndpoint, {
    params: { thingId: 'a/b c' },
    query: { notify: 'yes' },
    headers: { 'idempotency-key': 'key-1' },
    body: { name: 'Lamp' },
  });
const pingEndpoint = endpoint({ method: 'GET', path: '/api/ping', responses: { 200: z.object({ ok: z.boolean() }) } });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
/** The requests sent, in order: method, URL, authorization and body. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    method: init?.method,
    url: String(url),
    authorization: new Headers(init?.headers).get('authorization'),
    body: init?.body,
  }));

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it("sends the endpoint's method, the filled path and query, headers, JSON body and bearer token", async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
    fetchMock.mockResolvedValueOnce(json(200, { name: 'Lamp', extra: 'dropped' }));
    await expect(rename()).resolves.toEqual({ name: 'Lamp' });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(sent()).toEqual([
      {
        method: 'PUT',
        url: '/api/things/a%2Fb%20c/name?notify=yes',
        authorization: 'Bearer token-1',
        body: '{"name":"Lamp"}',
      },
    ]);
    expect(headers.get('idempotency-key')).toBe('key-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
  });

  it('sends no body, content type or token when there are none', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(call(pingEndpoint)).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
    expect(sent()[0]?.authorization).toBeNull();
  });

  it('refuses, as PARSING, an answer of another shape, a success status the endpoint does not declare, or not JSON', async () => {
    const parsing = (status: number) => ({ status, message: GENERIC_ERROR, kind: 'PARSING' });
    fetchMock.mockResolvedValueOnce(json(200, { name: 42 }));
    await expect(rename()).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(json(200, { name: 42 }));
    await expect(rename()).rejects.toMatchObject(parsing(200));
    fetchMock.mockResolvedValueOnce(json(201, { name: 'Lamp' }));
    await expect(rename()).rejects.toMatchObject(parsing(201));
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    await expect(rename()).rejects.toMatchObject(parsing(200));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await expect(rename()).rejects.toMatchObject(parsing(200));
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(rename()).rejects.toMatchObject(parsing(502));
  });

  it("fails as HTTP with the server's `error` or `{ message }`, else the generic text", async () => {
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Taken' }));
    await expect(rename()).rejects.toMatchObject({ status: 409, message: 'Taken', kind: 'HTTP' });
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Wrong password', error: 'Wrong password!' }));
    await expect(rename()).rejects.toMatchObject({ status: 401, message: 'Wrong password!', kind: 'HTTP' });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 404 }));
    await expect(rename()).rejects.toMatchObject({ status: 404, message: GENERIC_ERROR, kind: 'HTTP' });
  });

  it('fails as FETCH, status 0 and the connection message, when the request cannot be sent', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(rename()).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your connection and try again.',
      kind: 'FETCH',
    });
  });
});

describe('call that takes too long', () => {
  /** The time limit each request is given, aborted by the test instead of the clock. */
  let timeLimits: AbortController[];
  beforeEach(() => {
    timeLimits = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const limit = new AbortController();
      timeLimits.push(limit);
      return limit.signal;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const timeUp = () => timeLimits.at(-1)!.abort(new DOMException('signal timed out', 'TimeoutError'));
  /** fetch as the browser does it: rejects with the signal's reason once the signal aborts. */
  const rejectOnAbort = (signal: AbortSignal) =>
    new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const timedOut = {
    status: 0,
    message: 'The server is taking too long to answer. Please try again.',
    kind: 'TIMEOUT',
  };

  it(`gives each request ${REQUEST_TIMEOUT_MS / 1000} s, then fails as TIMEOUT`, async () => {
    fetchMock.mockImplementationOnce((_url, init) => rejectOnAbort(init!.signal!));
    const calling = call(pingEndpoint);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(AbortSignal.timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    timeUp();
    await expect(calling).rejects.toMatchObject(timedOut);
  });

  it("fails as TIMEOUT when the answer's body does not arrive in time", async () => {
    const slowBody = new Response('{"ok":true}');
    fetchMock.mockImplementationOnce(async (_url, init) => {
      vi.spyOn(slowBody, 'text').mockImplementation(() => rejectOnAbort(init!.signal!));
      return slowBody;
    });
    const calling = call(pingEndpoint);
    await vi.waitFor(() => expect(slowBody.text).toHaveBeenCalled());
    timeUp();
    await expect(calling).rejects.toMatchObject(timedOut);
  });
});

describe('call on a 401', () => {
  const expired = () => json(401, { message: 'Session expired' });
  let heard: SessionEvent['type'][];
  let stop: () => void;
  beforeEach(() => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
    heard = [];
    stop = onSessionChange((event) => void heard.push(event.type));
  });
  afterEach(() => stop());

  it('refreshes the token once and retries with the new one', async () => {
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(200, { accessToken: 'new' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(call(pingEndpoint)).resolves.toEqual({ ok: true });
    expect(sent()).toEqual([
      { method: 'GET', url: '/api/ping', authorization: 'Bearer old', body: undefined },
      { method: 'POST', url: '/api/auth/refresh-access-token', authorization: null, body: undefined },
      { method: 'GET', url: '/api/ping', authorization: 'Bearer new', body: undefined },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('new');
    expect(heard).toEqual([]);
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/refresh-access-token') return json(200, { accessToken: 'new' });
      const authorization = new Headers(init?.headers).get('authorization');
      return authorization === 'Bearer new' ? json(200, { ok: true }) : expired();
    });
    await expect(Promise.all([call(pingEndpoint), call(pingEndpoint)])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(sent().filter((request) => request.url === '/api/auth/refresh-access-token')).toHaveLength(1);
  });

  it('ends the session here and announces it when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(json(401, { message: 'No session' }));
    await expect(call(pingEndpoint)).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(heard).toEqual(['session-expired']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('counts a refresh answer of another shape as a failed refresh', async () => {
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(json(200, { token: 'new' }));
    await expect(call(pingEndpoint)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(heard).toEqual(['session-expired']);
  });

  it('does not refresh for a visitor without a token', async () => {
    localStorage.clear();
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Please sign in' }));
    await expect(call(pingEndpoint)).rejects.toMatchObject({ status: 401, message: 'Please sign in' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([]);
  });
});

describe("call's types", () => {
  it("take the input the endpoint needs and answer its success body's type", () => {
    expectTypeOf(call<typeof userOrdersEndpoint>).returns.resolves.toEqualTypeOf<Order[]>();
    expectTypeOf(call<typeof cancelOrderEndpoint>).returns.resolves.toEqualTypeOf<{ order: Order; message: string }>();
    // Checked by the compiler only, never run.
    const _calls = () => [
      call(cancelOrderEndpoint, { params: { orderId: 'A' } }),
      // @ts-expect-error -- the order id is required
      call(cancelOrderEndpoint),
      // @ts-expect-error -- the endpoint takes no body
      call(userOrdersEndpoint, { body: {} }),
    ];
  });
});

describe('fillPath', () => {
  it("puts each parameter's value in the path, encoded", () => {
    expect(fillPath('/api/orders/:orderId/cancel', { orderId: 'A/B C?' })).toBe('/api/orders/A%2FB%20C%3F/cancel');
    expect(fillPath('/api/auth/reset-password/:tokenId', { tokenId: 'abc-123' })).toBe(
      '/api/auth/reset-password/abc-123',
    );
    expect(fillPath('/api/cart')).toBe('/api/cart');
  });

  it('refuses to leave a parameter unfilled', () => {
    expect(() => fillPath('/api/product/:id', {})).toThrow(':id');
  });
});
