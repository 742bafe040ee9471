import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHECKOUT_SUBMIT_ALERT, checkoutAddressSchema, createOrderSchema, trackOrderSchema } from './orders.ts';
import { CONTROL_CHARACTERS_MESSAGE, emailSchema, fieldErrors, firstError, quantitySchema } from './fields.ts';
import {
  accountAddressSchema,
  accountDetailsSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './account.ts';
import { contactSchema } from './contact.ts';
import { reviewSchema } from './catalog.ts';
import { PAYMENT_MESSAGES } from './payments.ts';

/** The message a form would show for this input. */
const first = (schema: z.ZodType, input: unknown) => firstError(schema.safeParse(input));
/** Every field's first message for this input. */
const byField = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const SIGN_UP_PASSWORD = 'Password should be 6 to 20 characters long with atleast 1 number';
const RESET_PASSWORD =
  'Password must be 6-20 characters with at least one uppercase letter, one lowercase letter, and one number';

describe('emailSchema', () => {
  it('requires a value before checking its pattern', () => {
    expect(first(emailSchema, '')).toBe('Enter Email');
    expect(first(emailSchema, '   ')).toBe('Enter Email');
    expect(first(emailSchema, undefined)).toBe('Enter Email');
    expect(emailSchema.safeParse('').error?.issues).toHaveLength(1);
  });

  it('rejects malformed and overlong addresses', () => {
    for (const bad of ['asha', 'asha@', '@shop.in', 'asha@shop', 'as ha@shop.in', `${'a'.repeat(250)}@shop.in`]) {
      expect(first(emailSchema, bad)).toBe('Email is invalid');
    }
  });

  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Asha.Rao@Shop.IN ')).toBe('asha.rao@shop.in');
  });
});

describe('signUpSchema', () => {
  const valid = { fullname: 'Asha Rao', email: 'asha@shop.in', password: 'secret1' };

  it('accepts and trims a valid form', () => {
    expect(signUpSchema.parse({ fullname: '  Asha ', email: ' ASHA@shop.in', password: 'secret1' })).toEqual({
      fullname: 'Asha',
      email: 'asha@shop.in',
      password: 'secret1',
    });
  });

  it('reports fields in order: fullname, email, password', () => {
    expect(first(signUpSchema, {})).toBe('Fullname must be at least 3 letters long');
    expect(byField(signUpSchema, {})).toEqual({
      fullname: 'Fullname must be at least 3 letters long',
      email: 'Enter Email',
      password: 'Enter Password',
    });
    expect(first(signUpSchema, { ...valid, fullname: ' Al ' })).toBe('Fullname must be at least 3 letters long');
    expect(first(signUpSchema, { ...valid, email: 'nope' })).toBe('Email is invalid');
    expect(first(signUpSchema, { ...valid, password: '' })).toBe('Enter Password');
  });

  it.each([
    ['abcd1', false],
    ['abcde1', true],
    ['abcdefghijklmnopqr12', true],
    ['abcdefghijklmnopqrs12', false],
    ['abcdefgh', false],
    ['ABCDEF12', false],
    ['123456', false],
    ['Abc123', true],
  ])('password %s passes the sign-up rule: %s', (password, ok) => {
    expect(first(signUpSchema, { ...valid, password })).toBe(ok ? null : SIGN_UP_PASSWORD);
  });
});

describe('signInSchema and forgotPasswordSchema', () => {
  it('sign-in needs an email and any password', () => {
    expect(first(signInSchema, { email: '', password: '' })).toBe('Enter Email');
    expect(first(signInSchema, { email: 'x', password: 'a' })).toBe('Email is invalid');
    expect(first(signInSchema, { email: 'asha@shop.in', password: '' })).toBe('Enter Password');
    expect(signInSchema.parse({ email: 'Asha@Shop.in', password: 'a' })).toEqual({
      email: 'asha@shop.in',
      password: 'a',
    });
  });

  it('forgot password uses the same email rules', () => {
    expect(first(forgotPasswordSchema, { email: ' ' })).toBe('Enter Email');
    expect(first(forgotPasswordSchema, { email: 'asha@' })).toBe('Email is invalid');
    expect(forgotPasswordSchema.parse({ email: ' ASHA@shop.in ' })).toEqual({ email: 'asha@shop.in' });
  });
});

describe('resetPasswordSchema', () => {
  const reset = (newPassword: unknown, confirmPassword: unknown) =>
    first(resetPasswordSchema, { newPassword, confirmPassword });

  it('checks both filled, then match, then strength', () => {
    expect(reset('', '')).toBe('Please fill in both fields');
    expect(reset('weak', '')).toBe('Please fill in both fields');
    expect(reset('', 'weak')).toBe('Please fill in both fields');
    expect(reset(undefined, 'weak')).toBe('Please fill in both fields');
    expect(reset('weak', 'other')).toBe('Passwords do not match');
    expect(reset('weak', 'weak')).toBe(RESET_PASSWORD);
    expect(resetPasswordSchema.safeParse({ newPassword: 'a', confirmPassword: 'b' }).error?.issues).toHaveLength(1);
  });

  it('needs 6-20 characters with an uppercase, a lowercase letter and a digit', () => {
    for (const bad of ['Abcd1', 'abcdef1', 'ABCDEF1', 'Abcdefg', `Ab1${'c'.repeat(18)}`]) {
      expect(reset(bad, bad)).toBe(RESET_PASSWORD);
    }
    for (const good of ['Abcde1', `Ab1${'c'.repeat(17)}`]) expect(reset(good, good)).toBeNull();
  });

  it('points each message at the right field', () => {
    expect(byField(resetPasswordSchema, { newPassword: '', confirmPassword: 'x' })).toEqual({
      newPassword: 'Please fill in both fields',
    });
    expect(byField(resetPasswordSchema, { newPassword: 'Abcde1', confirmPassword: 'x' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(byField(resetPasswordSchema, { newPassword: 'weak', confirmPassword: 'weak' })).toEqual({
      newPassword: RESET_PASSWORD,
    });
  });
});

/** A checkout address that passes every rule. */
const VALID_ADDRESS = {
  fname: 'Asha',
  lname: 'Rao',
  address1: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  phone: '9876543210',
  email: 'asha@shop.in',
};

describe('checkoutAddressSchema', () => {
  const valid = VALID_ADDRESS;

  it('accepts a valid address, trimmed, with address2 optional', () => {
    expect(
      checkoutAddressSchema.parse({ ...valid, fname: ' Asha ', pincode: ' 411001 ', email: 'ASHA@shop.in' }),
    ).toEqual({ ...valid, address2: '' });
    expect(checkoutAddressSchema.parse({ ...valid, address2: ' Flat 4 ' }).address2).toBe('Flat 4');
  });

  it('shows every spec message, in field order', () => {
    expect(byField(checkoutAddressSchema, {})).toEqual({
      fname: 'First Name should be minimum 3 characters',
      lname: 'Last name is required.',
      address1: 'Address is required.',
      city: 'City is required.',
      state: 'State is required.',
      pincode: 'PIN code must be 6 digits.',
      phone: 'Phone number must be 10 digits.',
      email: 'Enter Email',
    });
    expect(first(checkoutAddressSchema, {})).toBe('First Name should be minimum 3 characters');
    expect(first(checkoutAddressSchema, { ...valid, fname: '  As  ' })).toBe(
      'First Name should be minimum 3 characters',
    );
    expect(first(checkoutAddressSchema, { ...valid, lname: ' ' })).toBe('Last name is required.');
    expect(first(checkoutAddressSchema, { ...valid, email: 'asha@shop' })).toBe('Invalid email address');
  });

  it('needs exactly 6 PIN digits and 10 phone digits', () => {
    for (const pincode of ['41100', '4110011', '41100a', '411 001']) {
      expect(first(checkoutAddressSchema, { ...valid, pincode })).toBe('PIN code must be 6 digits.');
    }
    for (const phone of ['987654321', '98765432101', '98765abcde', '+919876543']) {
      expect(first(checkoutAddressSchema, { ...valid, phone })).toBe('Phone number must be 10 digits.');
    }
  });

  it('exports the submit alert', () => {
    expect(CHECKOUT_SUBMIT_ALERT).toBe('Please fill in all fields correctly before placing the order.');
  });
});

describe('accountAddressSchema', () => {
  const valid = {
    fname: 'A',
    address1: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone: '9876543210',
    email: 'asha@shop.in',
  };

  it('accepts a valid address with optional fields and country defaulting to India', () => {
    expect(accountAddressSchema.parse({ ...valid, city: ' Pune ' })).toEqual({
      ...valid,
      lname: '',
      address2: '',
      country: 'India',
    });
    expect(accountAddressSchema.parse({ ...valid, country: ' India ' }).country).toBe('India');
  });

  it('uses the one required text for every required field', () => {
    expect(byField(accountAddressSchema, {})).toEqual({
      fname: 'This field is required',
      address1: 'This field is required',
      city: 'This field is required',
      state: 'This field is required',
      pincode: 'This field is required',
      phone: 'This field is required',
      email: 'This field is required',
    });
  });

  it('checks PIN, phone, email and country formats', () => {
    expect(first(accountAddressSchema, { ...valid, pincode: '4110' })).toBe('PIN code must be 6 digits.');
    expect(first(accountAddressSchema, { ...valid, phone: '98765x3210' })).toBe('Phone number must be 10 digits.');
    expect(first(accountAddressSchema, { ...valid, email: 'asha' })).toBe('Invalid email address');
    expect(first(accountAddressSchema, { ...valid, country: 'Nepal' })).toBe('We deliver only within India');
  });
});

describe('accountDetailsSchema', () => {
  const valid = { fullName: 'Asha Rao', email: 'asha@shop.in', phone: '9876543210' };

  it('accepts profile changes without a password change', () => {
    expect(accountDetailsSchema.parse({ ...valid, fullName: ' Asha ' })).toEqual({
      ...valid,
      fullName: 'Asha',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
  });

  it('requires full name, email and a 10-digit phone', () => {
    expect(byField(accountDetailsSchema, {})).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
    expect(first(accountDetailsSchema, { ...valid, email: 'asha' })).toBe('Email is invalid');
    expect(first(accountDetailsSchema, { ...valid, phone: '98765' })).toBe('Phone number must be 10 digits.');
  });

  it('once any password field is filled, needs current, new and a matching confirmation', () => {
    expect(byField(accountDetailsSchema, { ...valid, confirmPassword: 'x' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Passwords do not match',
    });
    expect(first(accountDetailsSchema, { ...valid, currentPassword: 'old1' })).toBe('New password is required');
    expect(
      first(accountDetailsSchema, { ...valid, currentPassword: 'old1', newPassword: 'secret1', confirmPassword: 'x' }),
    ).toBe('Passwords do not match');
    const change = { ...valid, currentPassword: 'old1', newPassword: 'secret1', confirmPassword: 'secret1' };
    expect(first(accountDetailsSchema, change)).toBeNull();
  });

  it('holds the new password to the sign-up rule', () => {
    const change = (newPassword: string) =>
      first(accountDetailsSchema, { ...valid, currentPassword: 'old1', newPassword, confirmPassword: newPassword });
    expect(change('abcd1')).toBe(SIGN_UP_PASSWORD);
    expect(change('abcdefg')).toBe(SIGN_UP_PASSWORD);
    expect(change('abcdefghijklmnopqrs12')).toBe(SIGN_UP_PASSWORD);
    expect(change('abcde1')).toBeNull();
  });

  it('reports password problems alongside a blank profile field', () => {
    expect(byField(accountDetailsSchema, { ...valid, fullName: '', newPassword: 'secret1' })).toEqual({
      fullName: 'Full name is required',
      currentPassword: 'Current password is required',
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('contactSchema', () => {
  const valid = { fullname: 'Asha', email: 'asha@shop.in', phone: '9876543210', message: 'Hello' };

  it('accepts a trimmed message', () => {
    expect(contactSchema.parse({ ...valid, message: '  Hello  ', email: 'Asha@Shop.in' })).toEqual(valid);
  });

  it('toasts the spec messages in order', () => {
    expect(first(contactSchema, {})).toBe('Enter Name');
    expect(first(contactSchema, { fullname: 'As' })).toBe('Enter Fullname');
    expect(first(contactSchema, { fullname: 'Asha' })).toBe('Enter Email');
    expect(first(contactSchema, { fullname: 'Asha', email: 'asha' })).toBe('Email is not valid');
    expect(first(contactSchema, { fullname: 'Asha', email: 'asha@shop.in' })).toBe('Enter Phone Number');
    expect(first(contactSchema, { ...valid, phone: '12345' })).toBe('Phone number must be 10 digits.');
    expect(first(contactSchema, { ...valid, message: '   ' })).toBe('Enter your Message');
  });

  it('caps the message length', () => {
    expect(first(contactSchema, { ...valid, message: 'x'.repeat(5000) })).toBeNull();
    expect(first(contactSchema, { ...valid, message: 'x'.repeat(5001) })).toBe('Must be at most 5000 characters');
  });
});

describe('reviewSchema', () => {
  const valid = { fullname: 'Asha', email: 'asha@shop.in', title: 'Lovely', rating: 5, review: 'Great lamp' };

  it('accepts a valid review', () => {
    expect(reviewSchema.parse({ ...valid, title: ' Lovely ' })).toEqual(valid);
  });

  it('toasts the spec messages in order', () => {
    expect(first(reviewSchema, {})).toBe('Fullname is required');
    expect(byField(reviewSchema, {})).toEqual({
      fullname: 'Fullname is required',
      email: 'Email is required',
      title: 'Title is required',
      rating: 'Rating is required',
      review: 'Review text is required',
    });
    expect(first(reviewSchema, { ...valid, email: 'asha' })).toBe('Email is invalid');
    expect(first(reviewSchema, { ...valid, title: '' })).toBe('Title is required');
    expect(first(reviewSchema, { ...valid, review: ' ' })).toBe('Review text is required');
  });

  it('takes a whole-star rating from 1 to 5', () => {
    expect(first(reviewSchema, { ...valid, rating: 0 })).toBe('Rating is required');
    expect(first(reviewSchema, { ...valid, rating: undefined })).toBe('Rating is required');
    expect(first(reviewSchema, { ...valid, rating: 6 })).toBe('Rating must be a whole number from 1 to 5');
    expect(first(reviewSchema, { ...valid, rating: 3.5 })).toBe('Rating must be a whole number from 1 to 5');
    expect(first(reviewSchema, { ...valid, rating: 1 })).toBeNull();
  });
});

describe('quantitySchema', () => {
  it('takes a whole number of units from 1 to 99', () => {
    expect(quantitySchema.parse(1)).toBe(1);
    expect(quantitySchema.parse(99)).toBe(99);
    expect(first(quantitySchema, 0)).toBe('Quantity must be at least 1');
    expect(first(quantitySchema, -2)).toBe('Quantity must be at least 1');
    expect(first(quantitySchema, 1.5)).toBe('Quantity must be a whole number');
    expect(first(quantitySchema, 100)).toBe('Quantity must be at most 99');
  });
});

describe('firstError and fieldErrors', () => {
  it('returns null on success and the first message otherwise', () => {
    expect(firstError(emailSchema.safeParse('asha@shop.in'))).toBeNull();
    expect(firstError(signInSchema.safeParse({ email: 'bad', password: '' }))).toBe('Email is invalid');
  });

  it('keys whole-value issues by an empty string', () => {
    expect(byField(quantitySchema, 0)).toEqual({ '': 'Quantity must be at least 1' });
  });
});

describe('control characters', () => {
  const address = { ...VALID_ADDRESS, address2: 'Flat 4' };
  const contact = { fullname: 'Asha', email: 'asha@shop.in', phone: '9876543210', message: 'Hello' };
  const review = { fullname: 'Asha', email: 'asha@shop.in', title: 'Lovely', rating: 5, review: 'Great lamp' };
  // NUL, other C0 controls, DEL and C1 controls (U+0080 to U+009F), inside the text where trimming cannot help.
  const controls = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f'];
  const inside = (control: string) => `As${control}ha`;

  // [schema, valid input, the text fields it has]
  const forms: Array<[string, z.ZodType, Record<string, unknown>, string[]]> = [
    [
      'sign-up',
      signUpSchema,
      { fullname: 'Asha Rao', email: 'asha@shop.in', password: 'secret1' },
      ['fullname', 'email'],
    ],
    ['sign-in', signInSchema, { email: 'asha@shop.in', password: 'a' }, ['email']],
    [
      'checkout address',
      checkoutAddressSchema,
      address,
      Object.keys(address).filter((f) => !['pincode', 'phone'].includes(f)),
    ],
    [
      'account address',
      accountAddressSchema,
      address,
      ['fname', 'lname', 'address1', 'address2', 'city', 'state', 'email'],
    ],
    [
      'account details',
      accountDetailsSchema,
      { fullName: 'Asha', email: 'asha@shop.in', phone: '9876543210' },
      ['fullName', 'email'],
    ],
    ['contact', contactSchema, contact, ['fullname', 'email', 'message']],
    ['review', reviewSchema, review, ['fullname', 'email', 'title', 'review']],
    [
      'track order',
      trackOrderSchema,
      { orderId: 'ABCDEFGHJKMNPQRSTVWXYZ01', email: 'asha@shop.in' },
      ['orderId', 'email'],
    ],
  ];

  it.each(forms)('the %s form refuses them in every text field', (_form, schema, valid, fields) => {
    expect(first(schema, valid)).toBeNull();
    for (const field of fields) {
      for (const control of controls) {
        const result = schema.safeParse({ ...valid, [field]: inside(control) });
        expect(result.error?.issues, `${field} with U+${control.charCodeAt(0).toString(16)}`).toEqual([
          expect.objectContaining({ path: [field], message: CONTROL_CHARACTERS_MESSAGE }),
        ]);
      }
    }
  });

  it('refuses tabs and line breaks inside a one-line text, and keeps them in a message or review', () => {
    for (const lineBreak of ['\t', '\n', '\r']) {
      expect(first(checkoutAddressSchema, { ...address, address1: inside(lineBreak) })).toBe(
        CONTROL_CHARACTERS_MESSAGE,
      );
      expect(first(contactSchema, { ...contact, message: inside(lineBreak) })).toBeNull();
      expect(first(reviewSchema, { ...review, review: inside(lineBreak) })).toBeNull();
    }
    expect(contactSchema.parse({ ...contact, message: 'Hello,\r\n\tAsha' }).message).toBe('Hello,\r\n\tAsha');
    for (const control of controls) {
      expect(first(contactSchema, { ...contact, message: inside(control) })).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(first(reviewSchema, { ...review, review: inside(control) })).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('still trims surrounding whitespace, and leaves printable Unicode alone', () => {
    expect(checkoutAddressSchema.parse({ ...address, city: '\t Pune \n' }).city).toBe('Pune');
    expect(checkoutAddressSchema.parse({ ...address, address1: 'फ्लैट 4, ₹ Road' }).address1).toBe('फ्लैट 4, ₹ Road');
  });
});

describe('createOrderSchema product ids', () => {
  const body = (_id: unknown) => ({
    orderItems: [{ _id, quantity: 1 }],
    shippingAddress: VALID_ADDRESS,
    paymentMethod: 'cod',
    ageConfirmed: true,
  });

  it('lower-cases a product id, as the cart does', () => {
    const parsed = createOrderSchema.parse(body('0A1B2C3D-0000-4000-8000-00000000000F'));
    expect(parsed.orderItems[0]!._id).toBe('0a1b2c3d-0000-4000-8000-00000000000f');
  });

  it('refuses an order without the confirmation of age 18 or more (spec section 1)', () => {
    const { ageConfirmed: _confirmed, ...unconfirmed } = body('0a1b2c3d-0000-4000-8000-00000000000f');
    expect(first(createOrderSchema, unconfirmed)).toBe(PAYMENT_MESSAGES.ageRequired);
    expect(first(createOrderSchema, { ...unconfirmed, ageConfirmed: false })).toBe(PAYMENT_MESSAGES.ageRequired);
  });

  it('refuses a product id with control characters', () => {
    expect(first(createOrderSchema, body('0a1b2c3d-0000-4000-8000-00000000000f\u0000'))).toBe(
      'This product does not exist',
    );
  });
});
