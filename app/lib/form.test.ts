import { describe, expect, it } from 'vitest';
import { accountAddressSchema, resetPasswordSchema, signInSchema } from '../../core/contracts/account';
import { checkoutAddressSchema } from '../../core/contracts/orders';
import { emptyValues, validateValues } from './form';

describe('emptyValues', () => {
  it('starts every field of an object schema empty, as an untouched form submits them', () => {
    expect(emptyValues(signInSchema)).toEqual({ email: '', password: '' });
    expect(emptyValues(resetPasswordSchema)).toEqual({ newPassword: '', confirmPassword: '' });
  });
});

describe('validateValues', () => {
  it("gives each invalid field the schema's first message", () => {
    expect(validateValues(signInSchema, emptyValues(signInSchema)).errors).toEqual({
      email: 'Enter Email',
      password: 'Enter Password',
    });
  });

  it('runs a form-wide rule once the fields are filled in, as the spec words it', () => {
    const { errors } = validateValues(resetPasswordSchema, { newPassword: 'Fresh123', confirmPassword: 'Fresh124' });
    expect(errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it("finds one field's message as its own schema does, whatever the other fields hold", () => {
    const values = { ...emptyValues(checkoutAddressSchema), pincode: '5600' };
    expect(validateValues(checkoutAddressSchema, values).errors.pincode).toBe(
      checkoutAddressSchema.shape.pincode.safeParse('5600').error?.issues[0]?.message,
    );
  });

  it("parses valid values, leaving a field the form does not have to the schema's default", () => {
    const address = {
      fname: 'Kavya',
      address1: '221 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      phone: '9876501234',
      email: 'Kavya@Example.in',
    };
    expect(validateValues(accountAddressSchema, address)).toEqual({
      data: { ...address, lname: '', address2: '', email: 'kavya@example.in', country: 'India' },
      errors: {},
    });
  });
});
