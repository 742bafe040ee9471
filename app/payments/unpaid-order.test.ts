import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from './tab-storage';
import {
  UNPAID_ORDER_STORAGE,
  checkoutFingerprint,
  forgetUnpaidOrder,
  recallUnpaidOrder,
  rememberUnpaidOrder,
} from './unpaid-order';

const address = { fname: 'Meera', lname: 'Iyer', city: 'Chennai', pincode: '600086' };
const lines = [
  { _id: 'lamp', quantity: 1 },
  { _id: 'vase', quantity: 2 },
];

describe('checkoutFingerprint', () => {
  it('is the same for the same lines in another order and the same address with spaces around', () => {
    expect(checkoutFingerprint([...lines].reverse(), { ...address, city: ' Chennai ' })).toBe(
      checkoutFingerprint(lines, address),
    );
  });

  it('changes with a quantity, a product or the address', () => {
    const fingerprint = checkoutFingerprint(lines, address);
    expect(checkoutFingerprint([lines[0]!, { _id: 'vase', quantity: 3 }], address)).not.toBe(fingerprint);
    expect(checkoutFingerprint([lines[0]!], address)).not.toBe(fingerprint);
    expect(checkoutFingerprint(lines, { ...address, pincode: '600087' })).not.toBe(fingerprint);
  });
});

describe('the unpaid order this tab remembers', () => {
  const fingerprint = checkoutFingerprint(lines, address);
  const now = Date.parse('2026-11-22T12:00:00Z');
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('is recalled for the same cart and address', () => {
    rememberUnpaidOrder({ orderId: 'A1', fingerprint }, storage);
    expect(recallUnpaidOrder(fingerprint, { storage, now })).toEqual({ orderId: 'A1', fingerprint });
  });

  it('is not recalled for another cart or address, and kept for when it comes back', () => {
    rememberUnpaidOrder({ orderId: 'A1', fingerprint }, storage);
    expect(recallUnpaidOrder(checkoutFingerprint([lines[0]!], address), { storage, now })).toBeNull();
    expect(recallUnpaidOrder(fingerprint, { storage, now })?.orderId).toBe('A1');
  });

  it('is forgotten once it can no longer be paid', () => {
    rememberUnpaidOrder({ orderId: 'A1', fingerprint, expiresAt: '2026-11-22T12:00:00Z' }, storage);
    expect(recallUnpaidOrder(fingerprint, { storage, now })).toBeNull();
    expect(storage.getItem(UNPAID_ORDER_STORAGE)).toBeNull();
  });

  it('is recalled until then', () => {
    rememberUnpaidOrder({ orderId: 'A1', fingerprint, expiresAt: '2026-11-22T12:19:59Z' }, storage);
    expect(recallUnpaidOrder(fingerprint, { storage, now })?.orderId).toBe('A1');
  });

  it('is forgotten by its id, and not by another order id', () => {
    rememberUnpaidOrder({ orderId: 'A1', fingerprint }, storage);
    forgetUnpaidOrder('B2', storage);
    expect(recallUnpaidOrder(fingerprint, { storage, now })?.orderId).toBe('A1');
    forgetUnpaidOrder('A1', storage);
    expect(recallUnpaidOrder(fingerprint, { storage, now })).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    storage.setItem(UNPAID_ORDER_STORAGE, '{not json');
    expect(recallUnpaidOrder(fingerprint, { storage, now })).toBeNull();
    storage.setItem(UNPAID_ORDER_STORAGE, JSON.stringify({ orderId: 42 }));
    expect(recallUnpaidOrder(fingerprint, { storage, now })).toBeNull();
  });
});
