import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../testing/accounts.ts';
import {
  orderBody,
  orderTestShop,
  placedOrderId,
  queuedMails,
  storedStock,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { eq, sql } from 'drizzle-orm';
import { unsubscribeHeaders } from '../mail/unsubscribe.ts';
import { BACK_IN_STOCK_JOB, INVALID_STOP_LINK } from './back-in-stock.ts';
import { backInStockReturns } from './schema.ts';

const { shop, supplyProduct } = orderTestShop();
const SUBJECT = 'Back in stock:';
let buyer: Shopper;
beforeAll(async () => {
  buyer = await verifiedShopper(shop());
});

const wish = (shopper: { bearer: Record<string, string> }, productId: string) =>
  shop().app.inject({ method: 'PUT', url: `/api/wishlist/items/${productId}`, headers: shopper.bearer });
/** The back-in-stock jobs due run first: they queue the mails. */
async function mailsTo(shopper: { email: string }) {
  await shop().services.jobs.runDue([BACK_IN_STOCK_JOB]);
  return queuedMails(shop(), shopper.email, SUBJECT);
}
/** One after the other: each look runs the due jobs first, and one that finds them taken must not count early. */
async function mailCounts(...shoppers: Array<{ email: string }>): Promise<number[]> {
  const counts: number[] = [];
  for (const shopper of shoppers) counts.push((await mailsTo(shopper)).length);
  return counts;
}

/** The buyer orders the product's last units and cancels: its stock goes to 0 and back. */
async function soldOutAndBack(productId: string, quantity = 1): Promise<void> {
  const orderId = await placedOrderId(shop(), buyer.bearer, orderBody([{ _id: productId, quantity }]));
  expect(await storedStock(shop(), productId)).toBe(0);
  const cancel = await shop().app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: buyer.bearer,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  expect(await storedStock(shop(), productId)).toBe(quantity);
}

const stopPath = (text: string) => {
  const match = /https?:\/\/[^\s/]+(\/api\/wishlist\/back-in-stock-mails\/stop\?token=[\w.-]+)/.exec(text);
  expect(match, 'a stop link').not.toBeNull();
  return match![1]!;
};
const follow = (path: string) => shop().app.inject({ method: 'GET', url: path });
/** The stop page's button, or a mail client's one-click unsubscribe: the same form post. */
const press = (path: string) =>
  shop().app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('back-in-stock mails', () => {
  it('mail each waiting shopper once per return to stock, and again at the next return', async () => {
    const productId = await supplyProduct({ stock: 1 });
    const [asha, ravi, mira] = [
      await verifiedShopper(shop()),
      await verifiedShopper(shop()),
      await verifiedShopper(shop()),
    ];
    const unverified = await signUp(shop());
    for (const shopper of [asha, ravi, mira, unverified]) expect((await wish(shopper, productId)).statusCode).toBe(200);
    const off = await shop().app.inject({
      method: 'PUT',
      url: '/api/wishlist/back-in-stock-mails',
      headers: mira.bearer,
      payload: { on: false },
    });
    expect(off.statusCode).toBe(200);

    await soldOutAndBack(productId);
    expect(await mailCounts(asha, ravi, mira, unverified)).toEqual([1, 1, 0, 0]);
    // The job has run: running the queue again sends nothing more.
    await shop().services.jobs.runDue();
    expect(await mailCounts(asha, ravi, mira, unverified)).toEqual([1, 1, 0, 0]);

    const [mail] = await mailsTo(asha);
    const { product } = (await shop().app.inject(`/api/product/${productId}`)).json();
    expect(mail!.subject).toBe(`Back in stock: ${product.title}`);
    expect(mail!.text).toContain(`/product/${product.slug}`);
    expect(mail!.text).toContain('Hi Asha Verma,');
    expect(mail!.html).toContain('turn back-in-stock mails off');

    await soldOutAndBack(productId);
    expect(await mailCounts(asha, ravi, mira, unverified)).toEqual([2, 2, 0, 0]);
  });

  it("a rerun of a return's job mails nobody twice", async () => {
    const productId = await supplyProduct({ stock: 1 });
    const asha = await verifiedShopper(shop());
    await wish(asha, productId);
    await soldOutAndBack(productId);
    expect(await mailCounts(asha)).toEqual([1]);

    // The same return's job again, as after a crash or a lease that ran out.
    const [stockReturn] = await shop()
      .services.database.db.select({
        returnNumber: backInStockReturns.returns,
        returnedAt: sql<string>`${backInStockReturns.lastReturnedAt}::text`,
      })
      .from(backInStockReturns)
      .where(eq(backInStockReturns.productId, productId));
    expect(stockReturn!.returnNumber).toBe(1);
    await shop().services.jobs.schedule({
      kind: BACK_IN_STOCK_JOB,
      key: `${productId}/1`,
      inSeconds: 0,
      payload: { productId, ...stockReturn },
    });
    expect(await mailCounts(asha)).toEqual([1]);
  });

  it('mail only those who wished before the return, and nobody when the stock was not at 0', async () => {
    const productId = await supplyProduct({ stock: 2 });
    const [early, late] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    await wish(early, productId);

    const orderId = await placedOrderId(shop(), buyer.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    await shop().app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: buyer.bearer });
    expect(await storedStock(shop(), productId)).toBe(2);
    expect(await mailCounts(early)).toEqual([0]);

    // The return's job runs when the mails are next looked at: a wish added after the return does not join it.
    await soldOutAndBack(productId, 2);
    await wish(late, productId);
    expect(await mailCounts(early, late)).toEqual([1, 0]);
  });

  it("stop with the link in the mail: opening it (a scanner's prefetch) changes nothing, its button does", async () => {
    const productId = await supplyProduct({ stock: 1 });
    const [asha, ravi] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    await wish(asha, productId);
    await wish(ravi, productId);
    await soldOutAndBack(productId);
    const link = stopPath((await mailsTo(asha))[0]!.text);
    const mailsOn = async () =>
      (await shop().app.inject({ method: 'GET', url: '/api/wishlist', headers: asha.bearer })).json<{
        backInStockMails: boolean;
      }>().backInStockMails;

    const page = await follow(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toContain('Back-in-stock mails are off');
    expect((await follow(link)).statusCode).toBe(200);
    expect(await mailsOn()).toBe(true);

    // The button posts the form to the same address: no sign-in, no cookie, no CSRF token.
    const stopped = await press(link);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['content-type']).toMatch(/^text\/html/);
    expect(stopped.body).toContain('Back-in-stock mails are off');
    expect(await mailsOn()).toBe(false);
    // Pressed again, nothing changes.
    expect((await press(link)).statusCode).toBe(200);

    await soldOutAndBack(productId);
    expect(await mailCounts(asha, ravi)).toEqual([1, 2]);
  });

  it("carries List-Unsubscribe for the mail's stop link, whose one-click POST stops the mails", async () => {
    const productId = await supplyProduct({ stock: 1 });
    const asha = await verifiedShopper(shop());
    await wish(asha, productId);
    await soldOutAndBack(productId);
    const [mail] = await mailsTo(asha);
    const headers = unsubscribeHeaders(mail!.text, [shop().services.backInStock.stopLinkPrefix]);
    const link = stopPath(mail!.text);
    expect(headers).toEqual({
      'List-Unsubscribe': `<${shop().services.backInStock.stopLinkPrefix}${new URL(link, 'http://x').searchParams.get('token')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // What a mail client sends (RFC 8058): the body below, form-encoded, from its own servers.
    expect((await press(link)).statusCode).toBe(200);
    const list = await shop().app.inject({ method: 'GET', url: '/api/wishlist', headers: asha.bearer });
    expect(list.json()).toMatchObject({ backInStockMails: false });
  });

  it('refuses a link the shop did not sign with 400 and a message', async () => {
    const productId = await supplyProduct({ stock: 1 });
    const [asha, ravi] = [await verifiedShopper(shop()), await verifiedShopper(shop())];
    await wish(asha, productId);
    await soldOutAndBack(productId);
    const token = new URL(stopPath((await mailsTo(asha))[0]!.text), 'http://shop').searchParams.get('token')!;
    const [, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${asha.userId}.${flipped}`,
      `${ravi.userId}.${signature}`,
      `${token}.${signature}`,
      asha.userId,
      'nonsense',
      '',
      `${'x'.repeat(300)}`,
    ]) {
      for (const send of [follow, press]) {
        const response = await send(`/api/wishlist/back-in-stock-mails/stop?token=${encodeURIComponent(forged)}`);
        expect(response.statusCode, forged).toBe(400);
        expect(response.json()).toEqual({
          message: forged.length > 200 ? 'This link is not valid' : INVALID_STOP_LINK,
        });
      }
    }
    const withoutToken = await follow('/api/wishlist/back-in-stock-mails/stop');
    expect(withoutToken.statusCode).toBe(400);
    expect(withoutToken.json()).toEqual({ message: 'This link is not valid' });
    const list = await shop().app.inject({ method: 'GET', url: '/api/wishlist', headers: ravi.bearer });
    expect(list.json()).toMatchObject({ backInStockMails: true });
  });
});
