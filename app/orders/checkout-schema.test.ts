import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { validateValues } from '../lib/form';
import { AGE_CONFIRMED, checkoutFormSchema } from './checkout-schema';
import { shippingAddress } from './fixtures';

describe('checkoutFormSchema', () => {
  it('asks the shopper to confirm they are 18 or older, with the contract message', () => {
    for (const ageConfirmed of ['', 'on', 'false', undefined]) {
      expect(validateValues(checkoutFormSchema, { ...shippingAddress, ageConfirmed }).errors).toEqual({
        ageConfirmed: PAYMENT_MESSAGES.ageRequired,
      });
    }
  });

  it('gives the order what the contract asks for once the box is ticked', () => {
    const { data, errors } = validateValues(checkoutFormSchema, { ...shippingAddress, ageConfirmed: AGE_CONFIRMED });
    expect(errors).toEqual({});
    expect(data).toEqual({ ...shippingAddress, ageConfirmed: true });
  });

  it('still checks the address as the contract does', () => {
    const { errors } = validateValues(checkoutFormSchema, {
      ...shippingAddress,
      pincode: '5600',
      ageConfirmed: AGE_CONFIRMED,
    });
    expect(errors).toEqual({ pincode: 'PIN code must be 6 digits.' });
  });
});
