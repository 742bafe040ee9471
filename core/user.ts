/** A saved address (spec section 3), as the API shows it. */
export interface Address {
  _id: string;
  fname: string;
  lname: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email: string;
  country: string;
  isDefault: boolean;
}

/** The signed-in user (spec section 3): fullname is also given as fullName, as the spec's client reads both. */
export interface User {
  _id: string;
  fullname: string;
  fullName: string;
  email: string;
  phone: string;
  img: string | null;
  /** The default address, or null. */
  address: Address | null;
  addresses: Address[];
  role: 'customer' | 'admin';
  emailVerified: boolean;
  /** False for accounts made with Google sign-in that never set a password. */
  hasPassword: boolean;
  createdAt: string;
}
