import type { Address, User } from '../../core/user';
import type { CheckoutAddressInput } from '../../core/contracts/orders';

/** The checkout form's values: every field of the shipping address, as typed. */
export type AddressValues = CheckoutAddressInput;
export type AddressField = keyof AddressValues;

export const ADDRESS_FIELDS: readonly AddressField[] = [
  'fname',
  'lname',
  'address1',
  'address2',
  'city',
  'state',
  'pincode',
  'phone',
  'email',
];

/** The checkout fields of any address-like object; missing ones are empty. */
export function addressValues(source: Partial<Record<AddressField, string | null | undefined>>): AddressValues {
  const values = {} as AddressValues;
  for (const field of ADDRESS_FIELDS) values[field] = source[field] ?? '';
  return values;
}

/** Whether the form shows exactly this saved address, so its radio card reads as chosen. */
export const isSameAddress = (values: AddressValues, address: Address) =>
  ADDRESS_FIELDS.every((field) => values[field].trim() === (address[field] ?? '').trim());

/**
 * Where the form starts: the address this browser last checked out with, else the account's default address,
 * else what the account knows (name, e-mail, phone).
 */
export function initialAddress(saved: Record<string, string> | undefined, user: User): AddressValues {
  if (saved && Object.values(saved).some(Boolean)) return addressValues(saved);
  if (user.address) return addressValues(user.address);
  const [fname = '', ...rest] = (user.fullname || user.fullName || '').trim().split(/\s+/);
  return addressValues({ fname, lname: rest.join(' '), phone: user.phone, email: user.email });
}
