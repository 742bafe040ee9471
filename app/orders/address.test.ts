import { describe, expect, it } from 'vitest';
import type { Address, User } from '../../core/user';
import { initialAddress, isSameAddress } from './address';
import { shippingAddress } from './fixtures';

const address: Address = { _id: 'a1', ...shippingAddress, country: 'India', isDefault: true };

const user = (overrides: Partial<User> = {}): User => ({
  _id: 'u1',
  fullname: 'Asha Devi Rao',
  fullName: 'Asha Devi Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  img: null,
  address: null,
  addresses: [],
  role: 'customer',
  emailVerified: true,
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('initialAddress', () => {
  it('prefers the address this browser last checked out with', () => {
    const saved = { fname: 'Ravi', city: 'Delhi' };
    expect(initialAddress(saved, user({ address }))).toMatchObject({ fname: 'Ravi', city: 'Delhi', lname: '' });
  });

  it('falls back to the default address, without its country', () => {
    expect(initialAddress({}, user({ address }))).toEqual(shippingAddress);
  });

  it('else starts from the name, e-mail and phone of the account', () => {
    expect(initialAddress(undefined, user())).toMatchObject({
      fname: 'Asha',
      lname: 'Devi Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      address1: '',
    });
  });
});

describe('isSameAddress', () => {
  it('matches the form values of a saved address, ignoring surrounding spaces', () => {
    const values = { ...initialAddress({}, user({ address })), city: ' Pune ' };
    expect(isSameAddress(values, address)).toBe(true);
    expect(isSameAddress({ ...values, pincode: '411002' }, address)).toBe(false);
  });
});
