import { randomBytes } from 'node:crypto';
import { ORDER_ID_PATTERN } from '../../core/contracts/orders.ts';

/** Crockford's base32: no I, L, O or U, so an id read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 24;

/** A public order id: 24 characters of 5 random bits each (120 bits), so no one can guess another's order. */
export function newOrderId(): string {
  const bytes = randomBytes(LENGTH);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte & 31];
  return id;
}

export { ORDER_ID_PATTERN };

/** An order id as typed or in a path, in upper case; null when it cannot be one, so no query is made. */
export function knownShapeOrderId(orderId: string): string | null {
  const id = orderId.trim().toUpperCase();
  return ORDER_ID_PATTERN.test(id) ? id : null;
}
