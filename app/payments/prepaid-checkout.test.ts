import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { ApiError, errorMessage } from '../lib/http';
import { createPayment } from './api';
import { loadGateway, openPayPage, type PhonePeCheckout } from './gateway';
import { checkoutPrepaid, payForOrder } from './prepaid-checkout';
import { memoryStorage } from './tab-storage';
import { UNPAID_ORDER_STORAGE, recallUnpaidOrder } from './unpaid-order';

vi.mock('./api', () => ({ createPayment: vi.fn() }));
vi.mock('./gateway', () => ({ loadGateway: vi.fn(), openPayPage: vi.fn() }));
const mockedCreatePayment = vi.mocked(createPayment);
const mockedLoadGateway = vi.mocked(loadGateway);
const mockedOpenPayPage = vi.mocked(openPayPage);

const SCRIPT = 'http://127.0.0.1:3000/__phonepe/checkout.js';
const GATEWAY = { scriptUrl: SCRIPT, payPageOrigins: ['http://127.0.0.1:3000'] };
const attempt = (n: number) => ({
  redirectUrl: `http://127.0.0.1:3000/__phonepe/pay/A${n}`,
  merchantOrderId: `A${n}`,
  expiresAt: '2099-01-01T00:00:00Z',
});

describe('checkoutPrepaid', () => {
  let storage: Storage;
  let placeOrder: ReturnType<typeof vi.fn<() => Promise<string>>>;
  const checkout = (fingerprint = 'cart-1') => checkoutPrepaid({ placeOrder, fingerprint, gateway: GATEWAY, storage });

  beforeEach(() => {
    storage = memoryStorage();
    placeOrder = vi.fn(() => Promise.resolve('ORDER1'));
    mockedCreatePayment.mockReset().mockResolvedValue(attempt(1));
    mockedLoadGateway.mockReset().mockResolvedValue({} as PhonePeCheckout);
    mockedOpenPayPage.mockReset().mockResolvedValue('CONCLUDED');
  });

  it('places the order, starts a payment for it and opens its pay page', async () => {
    await expect(checkout()).resolves.toEqual({ orderId: 'ORDER1', result: 'CONCLUDED' });
    expect(mockedCreatePayment).toHaveBeenCalledWith('ORDER1');
    expect(mockedLoadGateway).toHaveBeenCalledWith(SCRIPT);
    expect(mockedOpenPayPage).toHaveBeenCalledWith(expect.anything(), attempt(1).redirectUrl);
  });

  it('after a cancel, pays for the same order again instead of placing a second one', async () => {
    mockedOpenPayPage.mockResolvedValueOnce('USER_CANCEL');
    await expect(checkout()).resolves.toEqual({ orderId: 'ORDER1', result: 'USER_CANCEL' });
    mockedCreatePayment.mockResolvedValueOnce(attempt(2));
    await expect(checkout()).resolves.toEqual({ orderId: 'ORDER1', result: 'CONCLUDED' });
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(mockedCreatePayment.mock.calls).toEqual([['ORDER1'], ['ORDER1']]);
    expect(mockedOpenPayPage).toHaveBeenLastCalledWith(expect.anything(), attempt(2).redirectUrl);
  });

  it('places a new order for a changed cart or address', async () => {
    mockedOpenPayPage.mockResolvedValueOnce('USER_CANCEL');
    await checkout('cart-1');
    placeOrder.mockResolvedValueOnce('ORDER2');
    await expect(checkout('cart-2')).resolves.toEqual({ orderId: 'ORDER2', result: 'CONCLUDED' });
    expect(placeOrder).toHaveBeenCalledTimes(2);
  });

  it('keeps the order when its payment fails to start, and retries the payment on the next click', async () => {
    mockedCreatePayment.mockRejectedValueOnce(new ApiError(503, PAYMENT_MESSAGES.gatewayUnavailable));
    await expect(checkout()).rejects.toThrow(PAYMENT_MESSAGES.gatewayUnavailable);
    await checkout();
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(mockedCreatePayment.mock.calls).toEqual([['ORDER1'], ['ORDER1']]);
  });

  it('places a new order when the remembered one can no longer be paid', async () => {
    mockedOpenPayPage.mockResolvedValueOnce('USER_CANCEL');
    await checkout();
    mockedCreatePayment.mockRejectedValueOnce(new ApiError(409, PAYMENT_MESSAGES.orderClosed));
    placeOrder.mockResolvedValueOnce('ORDER2');
    await expect(checkout()).resolves.toEqual({ orderId: 'ORDER2', result: 'CONCLUDED' });
    expect(recallUnpaidOrder('cart-1', { storage })?.orderId).toBe('ORDER2');
  });

  it('goes to the status page when the remembered order was paid meanwhile', async () => {
    mockedOpenPayPage.mockResolvedValueOnce('USER_CANCEL');
    await checkout();
    mockedCreatePayment.mockRejectedValueOnce(new ApiError(409, PAYMENT_MESSAGES.alreadyPaid));
    await expect(checkout()).resolves.toEqual({ orderId: 'ORDER1', result: 'CONCLUDED' });
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(storage.getItem(UNPAID_ORDER_STORAGE)).toBeNull();
  });

  it("does not place an order the server refused, and shows the server's message", async () => {
    placeOrder.mockRejectedValueOnce(new ApiError(409, PAYMENT_MESSAGES.tooManyUnpaid));
    const error = await checkout().catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe(PAYMENT_MESSAGES.tooManyUnpaid);
    expect(storage.getItem(UNPAID_ORDER_STORAGE)).toBeNull();
  });

  it("refuses a missing or invalid pay page address with the spec's message, without opening anything", async () => {
    const invalid = ['', '/relative/pay', 'javascript:alert(1)', 'https://pay.evil.example/pay/A1', undefined];
    for (const redirectUrl of invalid as string[]) {
      mockedCreatePayment.mockResolvedValueOnce({ ...attempt(1), redirectUrl });
      const error = await checkout().catch((caught: unknown) => caught);
      expect(errorMessage(error)).toBe(PAYMENT_MESSAGES.invalidRedirect);
    }
    expect(mockedOpenPayPage).not.toHaveBeenCalled();
  });

  it('says the payment service is not responding when its script does not load', async () => {
    mockedLoadGateway.mockRejectedValueOnce(new Error('did not load'));
    const error = await checkout().catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe(PAYMENT_MESSAGES.gatewayUnavailable);
  });
});

describe('payForOrder', () => {
  beforeEach(() => {
    mockedCreatePayment.mockReset().mockResolvedValue(attempt(3));
    mockedLoadGateway.mockReset().mockResolvedValue({} as PhonePeCheckout);
    mockedOpenPayPage.mockReset().mockResolvedValue('CONCLUDED');
  });

  it('starts a new attempt for the given order', async () => {
    await expect(payForOrder('ORDER9', GATEWAY)).resolves.toEqual({ orderId: 'ORDER9', result: 'CONCLUDED' });
    expect(mockedCreatePayment).toHaveBeenCalledWith('ORDER9');
  });

  it("passes on the server's refusal", async () => {
    mockedCreatePayment.mockRejectedValueOnce(new ApiError(409, PAYMENT_MESSAGES.orderClosed));
    await expect(payForOrder('ORDER9', GATEWAY)).rejects.toThrow(PAYMENT_MESSAGES.orderClosed);
  });
});
