import type { AddressValues } from './address';

/** Test data shared by the orders tests: a shipping address as the checkout form holds it, valid in every field. */
export const shippingAddress: AddressValues = {
  fname: 'Asha',
  lname: 'Rao',
  address1: '12 MG Road',
  address2: '',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  phone: '9876543210',
  email: 'asha@example.com',
};
