import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { orderBody, placeOrder, productSupply, verifiedShopper } from '../testing/orders.ts';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';

describe('without PhonePe credentials, outside production', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('serves the simulator to this machine only: nobody on the network can reach it', async () => {
    const local = await shop.app.inject({ method: 'GET', url: '/__phonepe/checkout.js' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('PhonePeCheckout');
    for (const url of ['/__phonepe/checkout.js', '/__phonepe/_control/payments/ANY', '/__phonepe/v1/oauth/token']) {
      const remote = await shop.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9', payload: {} });
      expect(remote.statusCode, url).toBe(404);
    }
    expect(shop.services.paymentSetup.scriptUrl).toBe('/__phonepe/checkout.js');
  });
});

describe('in production without PhonePe credentials', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://shop.example.in',
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('turns prepaid off: a prepaid order is refused with 400 and cash on delivery still works', async () => {
    const productId = await productSupply(shop)({ stock: 5 });
    const shopper = await verifiedShopper(shop);
    const prepaid = await placeOrder(
      shop,
      shopper.bearer,
      orderBody([{ _id: productId, quantity: 1 }], { paymentMethod: 'prepaid' }),
    );
    expect(prepaid.statusCode).toBe(400);
    expect(prepaid.json()).toEqual({ message: PAYMENT_MESSAGES.prepaidUnavailable });
    expect((await placeOrder(shop, shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]))).statusCode).toBe(201);
    expect(shop.services.paymentSetup.scriptUrl).toBeNull();
    expect((await shop.app.inject({ method: 'GET', url: '/__phonepe/checkout.js' })).statusCode).toBe(404);
  });
});
