import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { memoryStorage } from '../payments/tab-storage';
import { createOrder } from './api';
import { shippingAddress } from './fixtures';
import { IDEMPOTENCY_KEY_STORAGE, placeOrder } from './place-order';

vi.mock('./api', () => ({ createOrder: vi.fn() }));
const mockedCreateOrder = vi.mocked(createOrder);

const input = {
  cartItems: [{ _id: 'p1', quantity: 2, title: 'Lamp', price: 999, image: [], countInStock: 5 }],
  shippingAddress,
  paymentMethod: 'cod' as const,
  ageConfirmed: true as const,
};

describe('placeOrder', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    mockedCreateOrder.mockReset();
  });

  it('sends only ids and quantities, and forgets the key once the order exists', async () => {
    mockedCreateOrder.mockResolvedValue({ orderId: 'order-1' });
    await expect(placeOrder(input, storage)).resolves.toBe('order-1');
    const [body, key] = mockedCreateOrder.mock.calls[0]!;
    expect(body.orderItems).toEqual([{ _id: 'p1', quantity: 2 }]);
    expect(body.ageConfirmed).toBe(true);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(storage.getItem(IDEMPOTENCY_KEY_STORAGE)).toBeNull();
  });

  /** Places the order twice, the first attempt failing with `failure`; returns the keys the two attempts sent. */
  async function keysAroundFailure(failure: ApiError) {
    mockedCreateOrder.mockRejectedValueOnce(failure);
    await expect(placeOrder(input, storage)).rejects.toThrow(failure.message);
    mockedCreateOrder.mockResolvedValueOnce({ orderId: 'order-1' });
    await placeOrder(input, storage);
    return mockedCreateOrder.mock.calls.map(([, key]) => key);
  }

  it('retries a lost request with the same key', async () => {
    const [first, second] = await keysAroundFailure(new ApiError(0, 'Network error'));
    expect(second).toBe(first);
  });

  it('starts a new attempt after the server refused the order', async () => {
    const [first, second] = await keysAroundFailure(new ApiError(409, 'Only 1 left of Lamp'));
    expect(second).not.toBe(first);
  });
});
