import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { useSecurityHeaders } from '../../server/platform/http/security-headers.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../server/testing/postgres.ts';
import { simulatorPayments } from './schema.ts';
import { simulatorRoutes } from './routes.ts';
import { simulatorRig } from './testing/simulator-rig.ts';
import { call, fetchToken, payRequest, uniqueId } from './testing/fixtures.ts';

const logged: string[] = [];
const { database, receiver, simulator, restartSimulator } = simulatorRig(createScratchDatabase, 'phonepe_sim', {
  refundSettleMs: 300,
  log: (message) => logged.push(message),
});
let token: string;

beforeAll(async () => {
  token = await fetchToken(simulator());
});

const api = (path: string) => `${simulator().url}${path}`;
const pay = (body: unknown, withToken = token) => call(api('/checkout/v2/pay'), { token: withToken, json: body });
const status = (merchantOrderId: string, query = '') =>
  call(api(`/checkout/v2/order/${merchantOrderId}/status${query}`), { token });
const control = (path: string, json: unknown) => call(api(`/_control${path}`), { json });
const hooksFor = (merchantOrderId: string) =>
  receiver().received.filter((hook) => hook.payload.merchantOrderId === merchantOrderId);

async function createdPayment(
  amount = 129_900,
): Promise<{ merchantOrderId: string; orderId: string; redirectUrl: string }> {
  const merchantOrderId = uniqueId('MO');
  const answer = await pay(payRequest(merchantOrderId, amount));
  expect(answer.status).toBe(200);
  return { merchantOrderId, ...(answer.body as { orderId: string; redirectUrl: string }) };
}

describe('token', () => {
  it('issues an O-Bearer token to the right credentials, with times in epoch seconds', async () => {
    const { clientId, clientSecret, clientVersion } = simulator().credentials;
    const answer = await call(api('/v1/oauth/token'), {
      form: {
        client_id: clientId,
        client_secret: clientSecret,
        client_version: String(clientVersion),
        grant_type: 'client_credentials',
      },
    });
    expect(answer.status).toBe(200);
    const now = Date.now() / 1000;
    expect(answer.body).toMatchObject({ token_type: 'O-Bearer', expires_in: null });
    expect(answer.body.access_token).toEqual(expect.any(String));
    expect(answer.body.encrypted_access_token).toEqual(expect.any(String));
    expect(answer.body.issued_at).toBeGreaterThan(now - 60);
    expect(answer.body.issued_at).toBeLessThanOrEqual(now + 1);
    expect(answer.body.expires_at).toBeGreaterThan(answer.body.issued_at as number);
    expect(answer.body.session_expires_at).toBe(answer.body.expires_at);
  });

  it('refuses a wrong secret or version with 401, and a missing field with 400', async () => {
    const { clientId, clientVersion } = simulator().credentials;
    const form = { client_id: clientId, client_version: String(clientVersion), grant_type: 'client_credentials' };
    const wrongSecret = await call(api('/v1/oauth/token'), { form: { ...form, client_secret: 'guess' } });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toEqual({ code: 'INVALID_CLIENT', message: expect.any(String) });
    const wrongVersion = await call(api('/v1/oauth/token'), {
      form: { ...form, client_secret: simulator().credentials.clientSecret, client_version: '9' },
    });
    expect(wrongVersion.status).toBe(401);
    const missing = await call(api('/v1/oauth/token'), { form });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('BAD_REQUEST');
  });

  it('API calls without a valid token get 401, and an expired token stops working', async () => {
    expect((await pay(payRequest(uniqueId('MO')), '')).status).toBe(401);
    const forged = await pay(payRequest(uniqueId('MO')), 'forged-token');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ code: 'AUTHORIZATION_FAILED', message: expect.any(String) });

    const expired = await call(api('/_control/tokens/expire'), { method: 'POST' });
    expect(expired.body.expired).toBeGreaterThan(0);
    expect((await status('anything')).status).toBe(401);
    token = await fetchToken(simulator());
    expect((await status('anything')).status).toBe(404);
  });
});

describe('pay', () => {
  it('answers PENDING with the hosted pay page and PhonePe-style ids', async () => {
    const merchantOrderId = uniqueId('MO');
    const before = Date.now();
    const answer = await pay(payRequest(merchantOrderId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      orderId: expect.stringMatching(/^OMO\d{25}$/),
      state: 'PENDING',
      expireAt: expect.any(Number),
      redirectUrl: expect.stringMatching(new RegExp(`^${simulator().url}/pay/[\\w-]{32}$`)),
    });
    expect(answer.body.expireAt).toBeGreaterThanOrEqual(before + 900_000);
    expect(answer.body.expireAt).toBeLessThan(Date.now() + 900_000 + 1000);
  });

  it('expires after 1200 s when expireAfter is absent', async () => {
    const { expireAfter: _, ...request } = payRequest(uniqueId('MO'));
    const answer = await pay(request);
    expect(answer.status).toBe(200);
    expect(answer.body.expireAt as number).toBeGreaterThan(Date.now() + 1_190_000);
  });

  it.each([
    ['an amount below 100 paise', { amount: 99 }, 'amount'],
    ['a fractional amount', { amount: 100.5 }, 'amount'],
    ['a merchantOrderId with a space', { merchantOrderId: 'MO 1' }, 'merchantOrderId'],
    ['a merchantOrderId of 64 characters', { merchantOrderId: 'M'.repeat(64) }, 'merchantOrderId'],
    ['expireAfter below 300', { expireAfter: 299 }, 'expireAfter'],
    ['expireAfter above 3600', { expireAfter: 3601 }, 'expireAfter'],
    ['no redirectUrl', { paymentFlow: { type: 'PG_CHECKOUT', message: 'x', merchantUrls: {} } }, 'redirectUrl'],
    [
      'a javascript: redirectUrl',
      { paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'javascript:alert(1)' } } },
      'redirectUrl',
    ],
    [
      'another payment flow',
      { paymentFlow: { type: 'SUBSCRIPTION_SETUP', merchantUrls: { redirectUrl: 'https://x.example/' } } },
      'type',
    ],
  ])('refuses %s with 400', async (_name, change, field) => {
    const answer = await pay({ ...payRequest(uniqueId('MO')), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining(field) });
  });

  it('accepts 63 characters of letters, digits, _ and -', async () => {
    const merchantOrderId = `A-b_9${'x'.repeat(58)}`;
    expect((await pay(payRequest(merchantOrderId))).status).toBe(200);
  });

  it('refuses a merchantOrderId used before', async () => {
    const { merchantOrderId } = await createdPayment();
    const again = await pay(payRequest(merchantOrderId, 500));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'DUPLICATE_MERCHANT_ORDER_ID',
      message: expect.stringContaining(merchantOrderId),
    });
  });

  it('refuses a body that is not JSON with 400 { code, message }', async () => {
    const response = await fetch(api('/checkout/v2/pay'), {
      method: 'POST',
      headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });
});

describe('order status', () => {
  it('shows a pending order with no attempts, with or without details, the parameter repeated as the SDK sends it', async () => {
    const { merchantOrderId, orderId } = await createdPayment(50_000);
    for (const query of ['', '?details=false', '?details=true', '?details=true&details=true&errorContext=true']) {
      const answer = await status(merchantOrderId, query);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        orderId,
        state: 'PENDING',
        amount: 50_000,
        expireAt: expect.any(Number),
        metaInfo: { udf1: 'order-42' },
        paymentDetails: [],
      });
    }
  });

  it('answers 404 { code, message } for an unknown order', async () => {
    const answer = await status('NO_SUCH_ORDER');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('NO_SUCH_ORDER') });
  });

  it('reports a pending payment past its expiry as FAILED, marks it so, and sends checkout.order.failed', async () => {
    const { merchantOrderId } = await createdPayment();
    await database()
      .db.update(simulatorPayments)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(simulatorPayments.merchantOrderId, merchantOrderId));
    const answer = await status(merchantOrderId, '?errorContext=true');
    expect(answer.body).toMatchObject({
      state: 'FAILED',
      errorCode: 'TXN_NOT_COMPLETED',
      detailedErrorCode: 'TXN_AUTO_FAILED',
      errorContext: { errorCode: 'TXN_NOT_COMPLETED', source: 'CUSTOMER' },
      paymentDetails: [],
    });
    const [row] = await database()
      .db.select()
      .from(simulatorPayments)
      .where(eq(simulatorPayments.merchantOrderId, merchantOrderId));
    expect(row?.state).toBe('FAILED');
    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    expect(hook.event).toBe('checkout.order.failed');
    // Too late to pay now.
    const late = await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(late.status).toBe(409);
    expect((await status(merchantOrderId)).body.state).toBe('FAILED');
  });
});

describe('payment outcomes and webhooks', () => {
  it('a completed payment sends one webhook, signed with the hash of username:password, with the whole order', async () => {
    const { merchantOrderId, orderId } = await createdPayment();
    const done = await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ merchantOrderId, orderId, state: 'COMPLETED', amount: 129_900 });

    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    const { username, password } = simulator().webhookCredentials;
    expect(hook.headers.authorization).toBe(createHash('sha256').update(`${username}:${password}`).digest('hex'));
    expect(hook.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'checkout.order.completed',
      type: 'CHECKOUT_ORDER_COMPLETED',
    });
    const transaction = {
      transactionId: done.body.transactionId,
      paymentMode: 'UPI_INTENT',
      timestamp: expect.any(Number),
      amount: 129_900,
      state: 'COMPLETED',
      rail: {
        type: 'UPI',
        utr: expect.stringMatching(/^\d{12}$/),
        upiTransactionId: expect.any(String),
        vpa: expect.any(String),
      },
      instrument: expect.objectContaining({ type: 'ACCOUNT' }),
    };
    expect(hook.payload).toMatchObject({
      merchantId: simulator().merchantId,
      merchantOrderId,
      orderId,
      state: 'COMPLETED',
      amount: 129_900,
      expireAt: expect.any(Number),
      metaInfo: { udf1: 'order-42' },
      paymentDetails: [transaction],
    });
    expect(hook.payload).not.toHaveProperty('errorCode');

    const answer = await status(merchantOrderId, '?details=true');
    expect(answer.body).toMatchObject({ state: 'COMPLETED', paymentDetails: [transaction] });
    // The same bank references on every read.
    expect((await status(merchantOrderId)).body.paymentDetails).toEqual(answer.body.paymentDetails);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hooksFor(merchantOrderId)).toHaveLength(1);
    // Final is final.
    expect((await control(`/payments/${merchantOrderId}`, { outcome: 'FAILED' })).status).toBe(409);
  });

  it('a failed payment reports the bank error and sends checkout.order.failed', async () => {
    const { merchantOrderId } = await createdPayment();
    expect((await control(`/payments/${merchantOrderId}`, { outcome: 'FAILED' })).status).toBe(200);
    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    expect(hook.event).toBe('checkout.order.failed');
    expect(hook.payload).toMatchObject({ state: 'FAILED', errorCode: 'AUTHORIZATION_ERROR', detailedErrorCode: 'ZM' });
    const answer = await status(merchantOrderId, '?details=true&errorContext=true');
    expect(answer.body).toMatchObject({
      state: 'FAILED',
      errorCode: 'AUTHORIZATION_ERROR',
      errorContext: { errorCode: 'AUTHORIZATION_ERROR', detailedErrorCode: 'ZM' },
      paymentDetails: [{ state: 'FAILED', errorCode: 'AUTHORIZATION_ERROR', paymentMode: 'UPI_INTENT' }],
    });
    expect((await status(merchantOrderId)).body).not.toHaveProperty('errorContext');
  });

  it('an amount the bank reports differently shows in the status and the webhook', async () => {
    const { merchantOrderId } = await createdPayment(100_000);
    await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED', amountPaise: 90_000 });
    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    expect(hook.payload).toMatchObject({ amount: 90_000, paymentDetails: [{ amount: 90_000 }] });
    expect((await status(merchantOrderId)).body.amount).toBe(90_000);
  });

  it('a lost webhook changes the state all the same, and a resend delivers the last one again', async () => {
    const { merchantOrderId } = await createdPayment();
    expect((await call(api(`/_control/webhooks/${merchantOrderId}/resend`), { method: 'POST' })).status).toBe(409);
    await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    expect((await status(merchantOrderId)).body.state).toBe('COMPLETED');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hooksFor(merchantOrderId)).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const resent = await call(api(`/_control/webhooks/${merchantOrderId}/resend`), { method: 'POST' });
      expect(resent.body).toEqual({ event: 'checkout.order.completed' });
    }
    await receiver().waitFor(() => hooksFor(merchantOrderId).length === 2);
    expect(hooksFor(merchantOrderId)[0]!.body).toBe(hooksFor(merchantOrderId)[1]!.body);
  });

  it('retries a webhook the merchant did not accept', async () => {
    const { merchantOrderId } = await createdPayment();
    receiver().answerWith([503]);
    await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    expect(hooksFor(merchantOrderId)).toHaveLength(1);
  });
});

describe('refunds', () => {
  const refund = (json: unknown) => call(api('/payments/v2/refund'), { token, json });
  const refundStatus = (id: string) => call(api(`/payments/v2/refund/${id}/status`), { token });
  const hooksForRefund = (id: string) => receiver().received.filter((hook) => hook.payload.merchantRefundId === id);

  async function paidOrder(amount = 129_900) {
    const payment = await createdPayment(amount);
    await control(`/payments/${payment.merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    return payment;
  }

  it('a refund is PENDING, is accepted by webhook, then completes by itself with pg.refund.completed', async () => {
    const { merchantOrderId } = await paidOrder();
    const merchantRefundId = uniqueId('MR');
    const created = await refund({ merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: 129_900 });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ refundId: expect.stringMatching(/^OMR\d{25}$/), amount: 129_900, state: 'PENDING' });

    const pending = await refundStatus(merchantRefundId);
    expect(pending.body).toEqual({
      merchantId: simulator().merchantId,
      merchantRefundId,
      originalMerchantOrderId: merchantOrderId,
      refundId: created.body.refundId,
      amount: 129_900,
      state: 'PENDING',
      timestamp: expect.any(Number),
    });
    const accepted = await receiver().waitFor((h) => h.payload.merchantRefundId === merchantRefundId);
    expect(accepted.event).toBe('pg.refund.accepted');

    const completed = await receiver().waitFor(
      (h) => h.payload.merchantRefundId === merchantRefundId && h.event === 'pg.refund.completed',
    );
    expect(completed.payload).toMatchObject({
      merchantId: simulator().merchantId,
      merchantRefundId,
      originalMerchantOrderId: merchantOrderId,
      refundId: created.body.refundId,
      state: 'COMPLETED',
      amount: 129_900,
    });
    expect((await refundStatus(merchantRefundId)).body.state).toBe('COMPLETED');
    expect(hooksForRefund(merchantRefundId).map((hook) => hook.event)).toEqual([
      'pg.refund.accepted',
      'pg.refund.completed',
    ]);
  });

  it('refuses more than is left, a refund id used before, and an unpaid or unknown order', async () => {
    const { merchantOrderId } = await paidOrder(10_000);
    const first = uniqueId('MR');
    expect(
      (await refund({ merchantRefundId: first, originalMerchantOrderId: merchantOrderId, amount: 6000 })).status,
    ).toBe(200);
    const tooMuch = await refund({
      merchantRefundId: uniqueId('MR'),
      originalMerchantOrderId: merchantOrderId,
      amount: 4001,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('4000');
    const again = await refund({ merchantRefundId: first, originalMerchantOrderId: merchantOrderId, amount: 100 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_MERCHANT_REFUND_ID');

    const unpaid = await createdPayment();
    const refused = await refund({
      merchantRefundId: uniqueId('MR'),
      originalMerchantOrderId: unpaid.merchantOrderId,
      amount: 100,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('PENDING') });

    const unknown = await refund({ merchantRefundId: uniqueId('MR'), originalMerchantOrderId: 'NOPE', amount: 100 });
    expect(unknown.status).toBe(404);
    expect((await refundStatus('NOPE')).status).toBe(404);
  });

  it('the control API fails a refund now, and what it returned can be refunded again', async () => {
    const { merchantOrderId } = await paidOrder(10_000);
    const merchantRefundId = uniqueId('MR');
    await refund({ merchantRefundId, originalMerchantOrderId: merchantOrderId, amount: 10_000 });
    const failed = await control(`/refunds/${merchantRefundId}`, { outcome: 'FAILED' });
    expect(failed.body).toMatchObject({ merchantRefundId, state: 'FAILED' });
    const hook = await receiver().waitFor(
      (h) => h.payload.merchantRefundId === merchantRefundId && h.event !== 'pg.refund.accepted',
    );
    expect(hook.event).toBe('pg.refund.failed');
    expect((await refundStatus(merchantRefundId)).body).toMatchObject({
      state: 'FAILED',
      errorCode: expect.any(String),
    });
    expect((await control(`/refunds/${merchantRefundId}`, { outcome: 'COMPLETED' })).status).toBe(409);
    const retry = await refund({
      merchantRefundId: uniqueId('MR'),
      originalMerchantOrderId: merchantOrderId,
      amount: 10_000,
    });
    expect(retry.status).toBe(200);
  });
});

describe('hosted pay page', () => {
  const page = (url: string, init?: { form: Record<string, string> }) => call<string>(url, init);

  it('shows the merchant, the amount in rupees and Pay, Fail and Cancel, under a strict CSP with a nonce', async () => {
    const { redirectUrl } = await createdPayment(129_950);
    const answer = await page(redirectUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = answer.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain('frame-ancestors');
    expect(answer.body).toContain('₹1,299.50');
    expect(answer.body).toContain(simulator().merchantId);
    for (const [label, value] of [
      ['Pay', 'PAY'],
      ['Fail', 'FAIL'],
      ['Cancel', 'CANCEL'],
    ])
      expect(answer.body).toMatch(new RegExp(`<button[^>]*name="outcome" value="${value}"[^>]*>${label}</button>`));
    expect(answer.body).toContain(`<script nonce="${nonce}">`);
    expect(answer.body).toContain(`<style nonce="${nonce}">`);
    expect(answer.body).toContain('<html lang="en">');
    expect(answer.body).toContain('name="viewport"');
    // A fresh nonce for every answer.
    expect((await page(redirectUrl)).headers.get('content-security-policy')).not.toBe(policy);
  });

  it('Pay completes the payment, sends the webhook and hands the shopper back (message when framed, redirect when not)', async () => {
    const { merchantOrderId, redirectUrl } = await createdPayment();
    const posted = await page(redirectUrl, { form: { outcome: 'PAY' } });
    expect(posted.status).toBe(303);
    expect(new URL(posted.headers.get('location')!, redirectUrl).href).toBe(redirectUrl);
    expect((await status(merchantOrderId)).body.state).toBe('COMPLETED');
    expect((await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId)).event).toBe(
      'checkout.order.completed',
    );
    const result = await page(redirectUrl);
    expect(result.body).toContain('data-status="CONCLUDED"');
    expect(result.body).toContain(`data-redirect="https://shop.example/payment/status?orderId=${merchantOrderId}"`);
    expect(result.body).toContain("postMessage({source:'phonepe-simulator',status:status},'*')");
    // A second press changes nothing.
    await page(redirectUrl, { form: { outcome: 'FAIL' } });
    expect((await status(merchantOrderId)).body.state).toBe('COMPLETED');
  });

  it('Fail fails it; Cancel fails it as USER_CANCELLED and tells the opener USER_CANCEL', async () => {
    const failed = await createdPayment();
    await page(failed.redirectUrl, { form: { outcome: 'FAIL' } });
    expect((await status(failed.merchantOrderId)).body).toMatchObject({
      state: 'FAILED',
      errorCode: 'AUTHORIZATION_ERROR',
    });
    expect((await page(failed.redirectUrl)).body).toContain('data-status="CONCLUDED"');

    const cancelled = await createdPayment();
    await page(cancelled.redirectUrl, { form: { outcome: 'CANCEL' } });
    expect((await status(cancelled.merchantOrderId)).body).toMatchObject({
      state: 'FAILED',
      errorCode: 'USER_CANCELLED',
      paymentDetails: [],
    });
    expect((await page(cancelled.redirectUrl)).body).toContain('data-status="USER_CANCEL"');
    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === cancelled.merchantOrderId);
    expect(hook.payload).toMatchObject({ state: 'FAILED', errorCode: 'USER_CANCELLED' });
  });

  it('an unknown pay link gets a 404 page, and an unknown button changes nothing', async () => {
    expect((await page(`${simulator().url}/pay/unknown`)).status).toBe(404);
    const { merchantOrderId, redirectUrl } = await createdPayment();
    expect((await page(redirectUrl, { form: { outcome: 'constructor' } })).status).toBe(303);
    expect((await status(merchantOrderId)).body.state).toBe('PENDING');
  });
});

describe('checkout.js', () => {
  it('is served as uncached JavaScript', async () => {
    const answer = await call<string>(api('/checkout.js'));
    expect(answer.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.body).toContain('window.PhonePeCheckout');
  });

  it('defines PhonePeCheckout: transact without a type redirects, with IFRAME frames the pay page and calls back', async () => {
    const source = (await call<string>(api('/checkout.js'))).body;
    const listeners: Record<string, (event: unknown) => void> = {};
    const appended: Record<string, unknown>[] = [];
    const contentWindow = {};
    const window = {
      location: { href: 'https://shop.example/checkout' },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      removeEventListener: (type: string) => delete listeners[type],
    } as Record<string, unknown> & {
      location: { href: string };
      PhonePeCheckout?: { transact(options: unknown): void; closePage(): void };
    };
    const frame: Record<string, unknown> = {
      style: {},
      contentWindow,
      focus() {},
      remove: () => appended.splice(appended.indexOf(frame), 1),
    };
    const document = {
      activeElement: null,
      createElement: () => frame,
      getElementById: (id: string) => appended.find((element) => element.id === id) ?? null,
      body: { appendChild: (element: Record<string, unknown>) => appended.push(element) },
    };
    runInNewContext(source, { window, document, URL });
    const checkout = window.PhonePeCheckout!;
    expect(Object.keys(checkout).sort()).toEqual(['closePage', 'transact']);

    checkout.transact({ tokenUrl: `${simulator().url}/pay/abc` });
    expect(window.location.href).toBe(`${simulator().url}/pay/abc`);

    const outcomes: string[] = [];
    checkout.transact({
      tokenUrl: `${simulator().url}/pay/abc`,
      type: 'IFRAME',
      callback: (s: string) => outcomes.push(s),
    });
    expect(appended).toHaveLength(1);
    expect(frame).toMatchObject({
      id: 'phonepe-simulator-frame',
      title: 'PhonePe payment',
      src: `${simulator().url}/pay/abc`,
    });
    const origin = new URL(simulator().url).origin;
    // Messages from another origin or another window are ignored.
    listeners.message!({
      origin: 'https://evil.example',
      source: contentWindow,
      data: { source: 'phonepe-simulator', status: 'CONCLUDED' },
    });
    listeners.message!({ origin, source: {}, data: { source: 'phonepe-simulator', status: 'CONCLUDED' } });
    expect(outcomes).toEqual([]);
    listeners.message!({ origin, source: contentWindow, data: { source: 'phonepe-simulator', status: 'USER_CANCEL' } });
    expect(outcomes).toEqual(['USER_CANCEL']);
    expect(appended).toHaveLength(0);
    expect(listeners.message).toBeUndefined();

    checkout.transact({ tokenUrl: `${simulator().url}/pay/abc`, type: 'IFRAME', callback: () => {} });
    checkout.closePage();
    expect(appended).toHaveLength(0);
  });
});

describe('faults', () => {
  it('an injected 503 answers the next call only; afterProcessing creates the payment first', async () => {
    await control('/faults', { route: 'pay', status: 503 });
    const merchantOrderId = uniqueId('MO');
    const failed = await pay(payRequest(merchantOrderId));
    expect(failed.status).toBe(503);
    expect((await status(merchantOrderId)).status).toBe(404);
    expect((await pay(payRequest(merchantOrderId))).status).toBe(200);

    await control('/faults', { route: 'pay', status: 500, afterProcessing: true });
    const unknownOutcome = uniqueId('MO');
    expect((await pay(payRequest(unknownOutcome))).status).toBe(500);
    expect((await status(unknownOutcome)).body.state).toBe('PENDING');
  });
});

describe('mounted in a host app', () => {
  it('keeps its own paths, errors and pay page policy under the host’s helmet and zod compilers', async () => {
    const host = Fastify({ logger: false });
    host.setValidatorCompiler(validatorCompiler);
    host.setSerializerCompiler(serializerCompiler);
    host.setErrorHandler((_error, _request, reply) => reply.code(500).send({ message: 'host handler' }));
    useSecurityHeaders(host, {
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"] } },
    });
    await host.register(simulatorRoutes, {
      db: database().db,
      basePath: '/__phonepe/',
      publicBaseUrl: () => 'http://localhost:3000/__phonepe',
      credentials: simulator().credentials,
      merchantId: 'HOSTMERCHANT',
      merchantName: 'Aangan Decor',
      webhook: { url: () => null, ...simulator().webhookCredentials },
      frameAncestors: ["'self'"],
    });
    try {
      const { clientId, clientSecret, clientVersion } = simulator().credentials;
      const tokenAnswer = await host.inject({
        method: 'POST',
        url: '/__phonepe/v1/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          client_version: String(clientVersion),
          grant_type: 'client_credentials',
        }).toString(),
      });
      const hostToken = tokenAnswer.json<{ access_token: string }>().access_token;
      const merchantOrderId = uniqueId('HOST');
      const payAnswer = await host.inject({
        method: 'POST',
        url: '/__phonepe/checkout/v2/pay',
        headers: { authorization: `O-Bearer ${hostToken}` },
        payload: payRequest(merchantOrderId),
      });
      const { redirectUrl } = payAnswer.json<{ redirectUrl: string }>();
      expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/__phonepe\/pay\//);
      const bad = await host.inject({
        method: 'POST',
        url: '/__phonepe/checkout/v2/pay',
        headers: { authorization: `O-Bearer ${hostToken}` },
        payload: { ...payRequest(uniqueId('HOST')), amount: 1 },
      });
      expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('amount') });

      const pagePath = new URL(redirectUrl).pathname;
      const pageAnswer = await host.inject({ url: pagePath });
      expect(pageAnswer.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'nonce-/);
      expect(pageAnswer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(pageAnswer.headers['x-frame-options']).toBeUndefined();
      expect(pageAnswer.body).toContain('Pay Aangan Decor');
      const pressed = await host.inject({
        method: 'POST',
        url: pagePath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=PAY',
      });
      expect(pressed.statusCode).toBe(303);
      expect((await status(merchantOrderId)).body.state).toBe('COMPLETED');
    } finally {
      await host.close();
    }
  });
});

describe('restart', () => {
  it('keeps tokens, payments and pay links across a restart on the same database', async () => {
    const { merchantOrderId, redirectUrl } = await createdPayment();
    await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED', webhook: false });
    await restartSimulator();
    const answer = await status(merchantOrderId);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('COMPLETED');
    const oldPage = await call<string>(`${new URL(simulator().url).origin}${new URL(redirectUrl).pathname}`);
    expect(oldPage.body).toContain('data-status="CONCLUDED"');
    expect(logged).toEqual([]);
  });
});
