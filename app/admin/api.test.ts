import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSecondFactorEndpoint, ADMIN_MESSAGES, CSRF_HEADER } from '../../core/contracts/admin-session';
import { ApiError } from '../lib/http';
import { signInStep } from './api';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe("the back office's sign-in steps", () => {
  it("send a wrong code once, with the CSRF token, and fail with the server's message", async () => {
    const fetch = vi.fn(async () => answer(401, { message: ADMIN_MESSAGES.codeWrong }));
    vi.stubGlobal('fetch', fetch);
    const failed = await signInStep(adminSecondFactorEndpoint, { code: '123456' }, 'csrf-1').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 401, message: ADMIN_MESSAGES.codeWrong });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/session/second-factor');
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('csrf-1');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('answer the parsed success, recovery codes included', async () => {
    const viewer = { email: 'owner@example.in', role: 'owner', stage: 'complete', csrfToken: 'csrf-1' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { ...viewer, recoveryCodes: ['aaaa-bbbb-cccc'] })),
    );
    expect(await signInStep(adminSecondFactorEndpoint, { code: '123456' }, 'csrf-1')).toEqual({
      ...viewer,
      recoveryCodes: ['aaaa-bbbb-cccc'],
    });
  });
});
