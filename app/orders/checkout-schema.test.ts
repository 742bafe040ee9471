import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { validateValues } from '../lib/form';
import { AGE_CONFIRMED, checkoutFormSchema } from './checkout-schema';

const address = {
  fname: 'Meera',
  lname: 'Iyer',
  address1: '14 Cathedral Road',
  address2: '',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600086',
  phone: '9840012345',
  email: 'meera@example.in',
};

describe('checkoutFormSchema', () => {
  it('asks the shopper to confirm they are 18 or older, with the contract message', () => {
    for (const ageConfirmed of ['', 'on', 'false', undefined]) {
      expect(validateValues(checkoutFormSchema, { ...address, ageConfirmed }).errors).toEqual({
        ageConfirmed: PAYMENT_MESSAGES.ageRequired,
      });
    }
  });

  it('gives the order what the contract asks for once the box is ticked', () => {
    const { data, errors } = validateValues(checkoutFormSchema, { ...address, ageConfirmed: AGE_CONFIRMED });
    expect(errors).toEqual({});
    expect(data).toEqual({ ...address, ageConfirmed: true });
  });

  it('still checks the address as the contract does', () => {
    const { errors } = validateValues(checkoutFormSchema, { ...address, pincode: '5600', ageConfirmed: AGE_CONFIRMED });
    expect(errors).toEqual({ pincode: 'PIN code must be 6 digits.' });
  });
});
