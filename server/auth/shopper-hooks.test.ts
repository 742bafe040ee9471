// Sign-in as hooks (decision 0024): a route declares that it needs a signed-in shopper, and the hook
// answers before the body is read, so a request without a session is a 401 whatever its body, never a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ SEED_DEMO: 'false' });
});
afterAll(async () => {
  await shop?.close();
});

const SHOPPER_ROUTES = [
  ['GET', '/api/cart'],
  ['PUT', '/api/cart'],
  ['GET', '/api/auth/me'],
  ['PUT', '/api/auth/profile'],
  ['POST', '/api/orders/create-order'],
  ['GET', '/api/orders/get-user-orders'],
  ['POST', '/api/orders/0123456789ABCDEFGHJKMNPQ/cancel'],
  ['POST', '/api/payment/create-order'],
  ['GET', '/api/payment/get-order-status?merchantOrderId=x'],
  ['POST', '/api/payment/payment-verification'],
] as const;

describe('routes that need a signed-in shopper', () => {
  it('answer 401 to a request without a valid access token, even with a body they would refuse', async () => {
    for (const [method, url] of SHOPPER_ROUTES) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const response = await shop.app.inject({
          method,
          url,
          headers,
          payload: method === 'GET' ? undefined : { bad: 1 },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toBe('Please sign in');
      }
    }
  });
});
