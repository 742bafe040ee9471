import { z } from 'zod';

export const addressSchema = z.object({
  _id: z.uuid(),
  fname: z.string(),
  lname: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  email: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
});

/** The user as the API shows it (core/user.ts). */
export const userSchema = z.object({
  _id: z.uuid(),
  fullname: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  img: z.string().nullable(),
  address: addressSchema.nullable(),
  addresses: z.array(addressSchema),
  role: z.enum(['customer', 'admin']),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
