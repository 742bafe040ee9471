// The local conveniences (the mailbox, the PhonePe simulator) behind a proxy (decision 0022).
import { beforeAll, describe, expect, it } from 'vitest';
import { testShopFor, type TestShop } from '../../testing/harness.ts';
import { signUp } from '../../testing/accounts.ts';
import { orderBody, placeOrder, productSupply, verifiedShopper } from '../../testing/orders.ts';
import { LocalMailbox } from '../../mail/transports.ts';
import { PAYMENT_MESSAGES } from '../../../core/contracts/payments.ts';

/** What a reverse proxy on this machine adds to a request from elsewhere, one header at a time. */
const FORWARDING_HEADERS: Record<string, string>[] = [
  { forwarded: 'for=203.0.113.7;proto=https' },
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-for': '127.0.0.1' },
  { 'x-real-ip': '203.0.113.7' },
  { 'x-forwarded-host': 'shop.example.in' },
  { 'x-forwarded-proto': 'https' },
  { via: '1.1 proxy' },
];

/** Each convenience as a request: the mailbox, the simulator's script, its token call. */
const CONVENIENCES = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/__phonepe/checkout.js' },
  { method: 'POST', url: '/__phonepe/v1/oauth/token', payload: 'grant_type=client_credentials' },
] as const;

const request = (shop: TestShop, convenience: (typeof CONVENIENCES)[number], headers: Record<string, string>) =>
  shop.app.inject({
    ...convenience,
    remoteAddress: headers.remoteAddress ?? '127.0.0.1',
    headers: {
      ...(convenience.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'remoteAddress')),
    },
  });

describe('on a local shop (no TRUST_PROXY)', () => {
  const localShop = testShopFor({ SEED_DEMO: 'false' });
  let shop: TestShop;
  beforeAll(() => {
    shop = localShop();
  });

  it('answer a request from this machine', async () => {
    for (const convenience of CONVENIENCES) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const response = await request(shop, convenience, { remoteAddress });
        expect(response.statusCode, `${convenience.url} from ${remoteAddress}`).not.toBe(404);
      }
    }
  });

  it('refuse a request from this machine that carries any forwarding header: a proxy brought it', async () => {
    for (const convenience of CONVENIENCES) {
      for (const headers of FORWARDING_HEADERS) {
        const response = await request(shop, convenience, headers);
        expect(response.statusCode, `${convenience.url} with ${JSON.stringify(headers)}`).toBe(404);
      }
    }
  });

  it('refuse the network, whatever X-Forwarded-For says', async () => {
    for (const convenience of CONVENIENCES) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const response = await request(shop, convenience, { remoteAddress: '203.0.113.7', ...headers });
        expect(response.statusCode, convenience.url).toBe(404);
      }
    }
  });
});

describe('behind a proxy (TRUST_PROXY set), without credentials or SMTP', () => {
  const proxiedShop = testShopFor({ TRUST_PROXY: 'true' });

  it('serves none of them, even to this machine without forwarding headers', async () => {
    const shop = proxiedShop();
    for (const convenience of CONVENIENCES) {
      const response = await request(shop, convenience, {});
      expect(response.statusCode, convenience.url).toBe(404);
    }
  });

  it('keeps mail in the local mailbox table, unread', async () => {
    const shop = proxiedShop();
    expect(shop.services.mailTransport).toBeInstanceOf(LocalMailbox);
    const { email } = await signUp(shop);
    await shop.services.mailSender.drain();
    const mails = await (shop.services.mailTransport as LocalMailbox).list(10);
    expect(mails.map((mail) => mail.to)).toContain(email);
  });

  it('turns prepaid off, as in production without credentials: cash on delivery only', async () => {
    const shop = proxiedShop();
    expect(shop.services.paymentSetup).toMatchObject({ gateway: null, scriptUrl: null, payPageOrigins: [] });
    const productId = await productSupply(shop)({ stock: 5 });
    const shopper = await verifiedShopper(shop);
    const items = [{ _id: productId, quantity: 1 }];
    const prepaid = await placeOrder(shop, shopper.bearer, orderBody(items, { paymentMethod: 'prepaid' }));
    expect(prepaid.statusCode).toBe(400);
    expect(prepaid.json()).toEqual({ message: PAYMENT_MESSAGES.prepaidUnavailable });
    expect((await placeOrder(shop, shopper.bearer, orderBody(items))).statusCode).toBe(201);
  });
});
