import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { cookieHeader, refreshCookieOf, signUp } from '../testing/accounts.ts';
import { validAddress } from '../testing/orders.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const put = (headers: Record<string, string>, payload: object) =>
  shop.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload });

/** A saved address: the checkout's valid one (addresses share spec section 5's rules). */
const address = validAddress;

describe('PUT /api/auth/profile: the address', () => {
  it('saves the default address, bare or under `address`, and updates it in place', async () => {
    const { bearer } = await signUp(shop);
    const first = await put(bearer, address);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Address saved successfully!');
    expect(first.json().user.address).toMatchObject({ ...address, country: 'India', isDefault: true });

    const second = await put(bearer, { address: { ...address, city: 'Mumbai' } });
    expect(second.json().user.addresses).toHaveLength(1);
    expect(second.json().user.address.city).toBe('Mumbai');
  });

  it.each([
    [{ fname: '' }, 'This field is required'],
    [{ address1: ' ' }, 'This field is required'],
    [{ city: '' }, 'This field is required'],
    [{ state: '' }, 'This field is required'],
    [{ pincode: '' }, 'This field is required'],
    [{ pincode: '41100' }, 'PIN code must be 6 digits.'],
    [{ phone: '98765' }, 'Phone number must be 10 digits.'],
    [{ email: 'not-mail' }, 'Invalid email address'],
    [{ country: 'Nepal' }, 'We deliver only within India'],
  ])('refuses %o with "%s"', async (change, message) => {
    const { bearer } = await signUp(shop);
    const response = await put(bearer, { ...address, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('needs a signed-in user', async () => {
    expect((await put({}, address)).statusCode).toBe(401);
  });

  it('takes only the fields it reads: any other is a 400, and nothing is saved (decision 0041)', async () => {
    const { bearer } = await signUp(shop);
    const extra = await put(bearer, { ...address, isDefault: false });
    expect(extra.statusCode).toBe(400);
    const nested = await put(bearer, { address: { ...address, role: 'admin' } });
    expect(nested.statusCode).toBe(400);
    const profile = await shop.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer });
    expect(profile.json().user.address).toBeNull();
  });
});

describe('PUT /api/auth/profile: account details', () => {
  it('saves the name and phone, and refuses to change the e-mail', async () => {
    const { bearer, email } = await signUp(shop);
    const saved = await put(bearer, { fullName: 'Asha V. Kulkarni', email, phone: '9123456780' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Account details updated successfully.');
    expect(saved.json().user).toMatchObject({ fullname: 'Asha V. Kulkarni', phone: '9123456780', email });
    const moved = await put(bearer, { fullName: 'Asha', email: 'other@example.in', phone: '9123456780' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ message: 'Email address cannot be changed' });
  });

  it.each([
    [{ fullName: '' }, 'Full name is required'],
    [{ email: '' }, 'Email is required'],
    [{ phone: '' }, 'Phone number is required'],
    [{ password: 'mango42lassi' }, 'Current password is required'],
    [{ currentPassword: 'kesar42chai' }, 'New password is required'],
    [
      { currentPassword: 'kesar42chai', password: 'mango42lassi', confirmPassword: 'mango42lasse' },
      'Passwords do not match',
    ],
    [
      { currentPassword: 'kesar42chai', password: 'short' },
      'Password should be 6 to 20 characters long with atleast 1 number',
    ],
  ])('refuses %o with "%s"', async (change, message) => {
    const { bearer, email } = await signUp(shop);
    const response = await put(bearer, { fullName: 'Asha Verma', email, phone: '9123456780', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('changes the password only with the right current one, and signs out other sessions', async () => {
    const { bearer, email, response: signUpResponse } = await signUp(shop);
    const other = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: 'kesar42chai' },
    });
    const details = { fullName: 'Asha Verma', email, phone: '9123456780' };

    const wrong = await put(bearer, { ...details, currentPassword: 'wrong123', password: 'mango42lassi' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });

    const changed = await put(
      { ...bearer, ...cookieHeader(refreshCookieOf(signUpResponse)) },
      { ...details, currentPassword: 'kesar42chai', password: 'mango42lassi' },
    );
    expect(changed.statusCode).toBe(200);

    const signIn = (password: string) =>
      shop.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
    expect((await signIn('kesar42chai')).statusCode).toBe(401);
    expect((await signIn('mango42lassi')).statusCode).toBe(200);

    const refresh = (token: string | undefined) =>
      shop.app.inject({ method: 'POST', url: '/api/auth/refresh-access-token', headers: cookieHeader(token) });
    expect((await refresh(refreshCookieOf(other))).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(signUpResponse))).statusCode).toBe(200);
  });
});
