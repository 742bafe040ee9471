// PHONEPE_PAY_PAGE_ORIGINS: the only pay pages the shop passes on to the browser (decision 0022).
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { storefrontPolicy } from '../platform/http/content-security-policy.ts';
import { createPayment, paymentTestWorld, startedPayment } from '../testing/payments.ts';

describe('a gateway whose pay page is not on PHONEPE_PAY_PAGE_ORIGINS', () => {
  // The stand-in's pay page is on http://127.0.0.1:<its port>; the shop expects PhonePe's.
  const { shop, prepaidOrder } = paymentTestWorld({ PHONEPE_PAY_PAGE_ORIGINS: 'https://mercury-uat.phonepe.com' });

  it("gets 502 with the spec's 'Payment failed. Invalid redirect URL.': its pay page never reaches the browser, and the attempt fails", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const response = await createPayment(shop(), shopper.bearer, orderId);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.invalidRedirect });
    expect(response.body).not.toContain('127.0.0.1');
    expect(shop().services.paymentSetup.payPageOrigins).toEqual(['https://mercury-uat.phonepe.com']);
  });
});

describe('a gateway whose pay page is on PHONEPE_PAY_PAGE_ORIGINS', () => {
  const { shop, simulator, prepaidOrder } = paymentTestWorld();

  it("passes its pay page on, and the storefront's policy frames that origin", async () => {
    const { shopper, orderId } = await prepaidOrder();
    const { redirectUrl } = await startedPayment(shop(), shopper, orderId);
    const origin = new URL(simulator().url).origin;
    expect(new URL(redirectUrl).origin).toBe(origin);
    expect(shop().services.paymentSetup.payPageOrigins).toEqual([origin]);
    expect(shop().services.paymentSetup.scriptUrl).toBe(`${simulator().url}/checkout.js`);
    expect(storefrontPolicy(shop().services.config)('bm9uY2U=')).toContain(`frame-src ${origin};`);
  });
});
