import { expect } from 'vitest';
import type { TestShop } from './harness.ts';
import { REFRESH_COOKIE } from '../auth/routes.ts';

let counter = 0;
export const uniqueEmail = () => `shopper${Date.now()}${counter++}@example.in`;

type InjectResult = Awaited<ReturnType<TestShop['app']['inject']>>;

export const refreshCookieOf = (response: InjectResult) =>
  response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)?.value;

export const cookieHeader = (token: string | undefined) => ({ cookie: `${REFRESH_COOKIE}=${token ?? ''}` });

/** Signs a new shopper up through the API and returns their credentials and session. */
export async function signUp(shop: TestShop, email = uniqueEmail(), password = 'kesar42chai') {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { fullname: 'Asha Verma', email, password },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ accessToken: string; user: { _id: string; email: string } }>();
  return { email, password, response, body, bearer: { authorization: `Bearer ${body.accessToken}` } };
}

/** PUT /api/auth/profile with the account details and a password change. */
export const changePassword = (
  shop: TestShop,
  account: { email: string; bearer: Record<string, string> },
  currentPassword: string,
  password: string,
) =>
  shop.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: account.bearer,
    payload: { fullName: 'Asha Verma', email: account.email, phone: '9876543210', currentPassword, password },
  });
