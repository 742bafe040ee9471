import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { memoryStorage } from '../payments/tab-storage';
import { createOrder } from './api';
import { IDEMPOTENCY_KEY_STORAGE, placeOrder } from './place-order';

vi.mock('./api', () => ({ createOrder: vi.fn() }));
const mockedCreateOrder = vi.mocked(createOrder);

const input = {
  cartItems: [{ _id: 'p1', quantity: 2, title: 'Lamp', price: 999, image: [], countInStock: 5 }],
  shippingAddress: {
    fname: 'Asha',
    lname: 'Rao',
    address1: '12 MG Road',
    address2: '',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone: '9876543210',
    email: 'asha@example.com',
  },
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

  it('retries a lost request with the same key', async () => {
    mockedCreateOrder.mockRejectedValueOnce(new ApiError(0, 'Network error'));
    await expect(placeOrder(input, storage)).rejects.toThrow('Network error');
    mockedCreateOrder.mockResolvedValueOnce({ orderId: 'order-1' });
    await placeOrder(input, storage);
    const [first, second] = mockedCreateOrder.mock.calls.map(([, key]) => key);
    expect(second).toBe(first);
  });

  it('starts a new attempt after the server refused the order', async () => {
    mockedCreateOrder.mockRejectedValueOnce(new ApiError(409, 'Only 1 left of Lamp'));
    await expect(placeOrder(input, storage)).rejects.toThrow('Only 1 left of Lamp');
    mockedCreateOrder.mockResolvedValueOnce({ orderId: 'order-1' });
    await placeOrder(input, storage);
    const [first, second] = mockedCreateOrder.mock.calls.map(([, key]) => key);
    expect(second).not.toBe(first);
  });
});
