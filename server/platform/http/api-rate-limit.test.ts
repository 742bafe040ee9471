import { describe, expect, it } from 'vitest';
import { testShopFor } from '../../testing/harness.ts';
import { uniqueEmail } from '../../testing/accounts.ts';

const PER_ACCOUNT = 4;
const PER_ADDRESS = 3;
const WEBHOOK_TOKEN = 'tracking-webhook-token-for-tests';
const RATE_LIMIT_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy'];

/** Decision 0041: the API's general limit, per signed-in account or else per client address. */
describe('the API rate limit', () => {
  const shop = testShopFor({
    API_RATE_LIMIT_PER_MINUTE: String(PER_ACCOUNT),
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(PER_ADDRESS),
    // Shiprocket's settings, for the tracking webhook's token; its API is never called here.
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'not-used-here',
    SHIPROCKET_PICKUP_LOCATION: 'Primary',
    SHIPROCKET_PICKUP_PIN: '110001',
    SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    SHIPROCKET_API_URL: 'http://127.0.0.1:9/v1/external',
  });
  let addresses = 0;
  /** Each test its own client address, so no test spends another's allowance. */
  const newAddress = () => `203.0.113.${++addresses}`;

  async function signUpFrom(remoteAddress: string) {
    const response = await shop().app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress,
      payload: { fullname: 'Asha Verma', email: uniqueEmail(), password: 'kesar42chai' },
    });
    expect(response.statusCode).toBe(201);
    return { authorization: `Bearer ${response.json<{ accessToken: string }>().accessToken}` };
  }

  it('answers the request after the limit with 429, Retry-After and the RateLimit headers; every answer before carries them', async () => {
    const remoteAddress = newAddress();
    const answers = [];
    for (let i = 0; i <= PER_ADDRESS; i++) {
      answers.push(await shop().app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress, payload: {} }));
    }
    const allowed = answers.slice(0, PER_ADDRESS);
    // Within the limit: the route's own answer (here a 400 for the empty body), with the window's state.
    expect(allowed.map((answer) => answer.statusCode)).toEqual(Array(PER_ADDRESS).fill(400));
    expect(allowed.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    for (const answer of allowed) {
      expect(answer.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
      expect(answer.headers['ratelimit-policy']).toBe(`${PER_ADDRESS};w=60`);
      expect(Number(answer.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const refused = answers[PER_ADDRESS]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
  });

  it('carries the headers on a signed-in answer and on a 401, and counts a request refused for its sign-in', async () => {
    const remoteAddress = newAddress();
    const bearer = await signUpFrom(newAddress());
    const cart = await shop().app.inject({ method: 'GET', url: '/api/cart', remoteAddress, headers: bearer });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['ratelimit-limit']).toBe(String(PER_ACCOUNT));
    for (let i = 0; i < PER_ADDRESS; i++) {
      const unsigned = await shop().app.inject({ method: 'GET', url: '/api/cart', remoteAddress });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
    }
    // An invalid token counts against the address, not an account.
    const forged = { authorization: `${bearer.authorization.slice(0, -2)}xx` };
    const refused = await shop().app.inject({ method: 'GET', url: '/api/cart', remoteAddress, headers: forged });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('counts a signed-in shopper by account: shoppers behind one address each have their own allowance', async () => {
    const remoteAddress = newAddress();
    const [first, second] = [await signUpFrom(newAddress()), await signUpFrom(newAddress())];
    const cartOf = (headers: Record<string, string>) =>
      shop().app.inject({ method: 'GET', url: '/api/cart', remoteAddress, headers });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await cartOf(first)).statusCode).toBe(200);
    const over = await cartOf(first);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // The same address, another account: not limited by the first one's requests, nor by the address's.
    const other = await cartOf(second);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(PER_ACCOUNT - 1));
  });

  it('never limits the public catalogue reads, and sends them no RateLimit headers', async () => {
    const remoteAddress = newAddress();
    const list = await shop().app.inject({ method: 'GET', url: '/api/product/all-products', remoteAddress });
    const [product] = list.json<{ products: { _id: string }[] }>().products;
    const urls = [
      '/api/health',
      '/api/product/all-products',
      `/api/product/${product!._id}`,
      `/api/product/${product!._id}/get-reviews`,
    ];
    for (let i = 0; i < PER_ADDRESS * 3; i++) {
      for (const url of urls) {
        const answer = await shop().app.inject({ method: 'GET', url, remoteAddress });
        expect(answer.statusCode, url).toBe(200);
        for (const header of RATE_LIMIT_HEADERS) expect(answer.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
    // Nor do they spend the address's allowance for the limited routes.
    const limited = await shop().app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress, payload: {} });
    expect(limited.headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - 1));
  });

  it('decides by the route, not its spelling: /%61pi/… is counted and marked no-store like /api/…', async () => {
    const remoteAddress = newAddress();
    const spellings = ['/%61pi/auth/me', '/%61%70%69/auth/me', '/api/auth/%6De'];
    const answers = [];
    for (const url of [...spellings, '/api/auth/me']) answers.push(await shop().app.inject({ url, remoteAddress }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['ratelimit-limit']).toBe(String(PER_ADDRESS));
    }
    // And the other way round: an /api answer to the encoded spelling spends the allowance of the plain one.
    const refused = await shop().app.inject({ url: '/%61pi/auth/me', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("never limits Shiprocket's tracking webhook from its few addresses; an address that keeps sending a wrong key gets 429", async () => {
    const remoteAddress = newAddress();
    const scan = (i: number, key: string) =>
      shop().app.inject({
        method: 'POST',
        url: '/api/shipping/tracking',
        remoteAddress,
        headers: { 'x-api-key': key },
        // An AWB the shop did not ship: stored and ignored, as the route documents.
        payload: { awb: `9999${i}`, current_status_id: 18, current_timestamp: '01 12 2026 10:00:00' },
      });
    const answers = [];
    for (let i = 0; i < PER_ADDRESS * 20; i++) answers.push(await scan(i, WEBHOOK_TOKEN));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(PER_ADDRESS * 20).fill(200));
    for (const header of RATE_LIMIT_HEADERS) expect(answers[0]!.headers[header], header).toBeUndefined();
    // Wrong keys: 20 answered 401, then 429 with Retry-After, even with the right key, until the window ends.
    const forged = [];
    for (let i = 0; i < 20; i++) forged.push((await scan(i, 'not-the-token')).statusCode);
    expect(forged).toEqual(Array(20).fill(401));
    const refused = await scan(0, WEBHOOK_TOKEN);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The address's allowance for the limited routes is untouched by the webhooks.
    const limited = await shop().app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress, payload: {} });
    expect(limited.headers['ratelimit-remaining']).toBe(String(PER_ADDRESS - 1));
  });
});
