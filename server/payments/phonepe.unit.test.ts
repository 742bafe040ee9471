import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway.ts';
import { PhonePeGateway } from './phonepe.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A local stand-in for PhonePe's hosts whose answers each test scripts; it counts what it was asked. */
async function standIn(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const route = `${request.method} ${request.url!.split('?')[0]}`;
      calls.push(route);
      const handler = routes[route];
      if (!handler) return json(response, 404, { code: 'NOT_FOUND', message: 'No such route' });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  const gateway = (options: Partial<ConstructorParameters<typeof PhonePeGateway>[0]> = {}) =>
    new PhonePeGateway({
      authUrl: url,
      apiUrl: url,
      clientId: 'TEST',
      clientSecret: 'secret',
      clientVersion: 1,
      timeoutMs: 300,
      backoffMs: 5,
      ...options,
    });
  return { calls, count: (route: string) => calls.filter((call) => call === route).length, gateway };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections(); // the ones a test left hanging
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Answers 502 the first time it is called, then 200 with `body`. */
function badGatewayOnceThen(body: unknown): Handler {
  let failed = false;
  return (_request, _body, response) => {
    if (failed) return json(response, 200, body);
    failed = true;
    json(response, 502, { message: 'Bad gateway' });
  };
}

const TOKEN = 'POST /v1/oauth/token';
const STATUS = 'GET /checkout/v2/order/M1/status';
const PAY = 'POST /checkout/v2/pay';
const now = () => Math.floor(Date.now() / 1000);

/** Tokens numbered in order, valid for `lifeSeconds`. */
function tokens(lifeSeconds = 3600) {
  let issued = 0;
  return (_request: IncomingMessage, body: string, response: ServerResponse) => {
    const form = new URLSearchParams(body);
    if (form.get('client_secret') !== 'secret') return json(response, 401, { code: 'UNAUTHORIZED' });
    issued++;
    json(response, 200, {
      access_token: `token-${issued}`,
      token_type: 'O-Bearer',
      issued_at: now(),
      expires_at: now() + lifeSeconds,
    });
  };
}

const statusAnswer = (response: ServerResponse) =>
  json(response, 200, {
    orderId: 'OMO1',
    state: 'COMPLETED',
    amount: 50_000,
    paymentDetails: [{ transactionId: 'T1', state: 'COMPLETED', amount: 50_000 }],
  });

describe('PhonePeGateway: the access token', () => {
  it('is fetched once for concurrent callers and cached for the next calls', async () => {
    const seen: string[] = [];
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [STATUS]: (request, _body, response) => {
        seen.push(request.headers.authorization!);
        statusAnswer(response);
      },
    });
    const gateway = phonePe.gateway();
    const answers = await Promise.all(Array.from({ length: 10 }, () => gateway.paymentStatus('M1')));
    await gateway.paymentStatus('M1');

    expect(phonePe.count(TOKEN)).toBe(1);
    expect(new Set(seen)).toEqual(new Set(['O-Bearer token-1']));
    expect(answers[0]).toEqual({
      gatewayOrderId: 'OMO1',
      state: 'COMPLETED',
      amountPaise: 50_000,
      errorCode: null,
      transactionId: 'T1',
    });
  });

  it('is fetched again halfway through its life', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(2),
      [STATUS]: (_request, _body, response) => statusAnswer(response),
    });
    const gateway = phonePe.gateway();
    await gateway.paymentStatus('M1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await gateway.paymentStatus('M1');
    expect(phonePe.count(TOKEN)).toBe(2);
  });

  it('is refreshed on a 401, and the call tried once more', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [STATUS]: (request, _body, response) =>
        request.headers.authorization === 'O-Bearer token-1'
          ? json(response, 401, { code: 'UNAUTHORIZED', message: 'Token expired' })
          : statusAnswer(response),
    });
    const answer = await phonePe.gateway().paymentStatus('M1');
    expect(answer.state).toBe('COMPLETED');
    expect(phonePe.count(TOKEN)).toBe(2);
  });
});

describe('PhonePeGateway: failures', () => {
  it('retries a 5xx with backoff, up to its limit', async () => {
    let failures = 2;
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [STATUS]: (_request, _body, response) =>
        failures-- > 0 ? json(response, 503, { message: 'Busy' }) : statusAnswer(response),
    });
    expect((await phonePe.gateway({ retries: 2 }).paymentStatus('M1')).state).toBe('COMPLETED');
    expect(phonePe.count(STATUS)).toBe(3);

    failures = 5;
    await expect(phonePe.gateway({ retries: 1 }).paymentStatus('M1')).rejects.toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
  });

  it('gives up on a gateway that does not answer within its timeout', async () => {
    const phonePe = await standIn({ [TOKEN]: tokens(), [STATUS]: () => undefined });
    const started = Date.now();
    const error = await phonePe
      .gateway({ timeoutMs: 100, retries: 1 })
      .paymentStatus('M1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'The payment gateway timed out' });
    expect(phonePe.count(STATUS)).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a 4xx as rejected with its code, and a 404 as not found, without retrying', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [PAY]: (_request, _body, response) => json(response, 400, { code: 'BAD_REQUEST', message: 'Amount too low' }),
    });
    const gateway = phonePe.gateway();
    await expect(gateway.createPayment(payRequest)).rejects.toMatchObject({ kind: 'rejected', code: 'BAD_REQUEST' });
    await expect(gateway.paymentStatus('M1')).rejects.toMatchObject({ kind: 'not-found' });
    expect(phonePe.count(PAY)).toBe(1);
  });
});

const payRequest = {
  merchantOrderId: 'M1',
  amountPaise: 50_000,
  expireAfterSeconds: 1200,
  redirectUrl: 'http://localhost/payment/status?orderId=X',
  message: 'Order X',
};

describe('PhonePeGateway: creating a payment', () => {
  it('sends the protocol fields and reads the answer', async () => {
    let sent: Record<string, unknown> = {};
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [PAY]: (_request, body, response) => {
        sent = JSON.parse(body) as Record<string, unknown>;
        json(response, 200, {
          orderId: 'OMO1',
          state: 'PENDING',
          expireAt: 1_900_000_000_000,
          redirectUrl: 'https://pay/1',
        });
      },
    });
    const created = await phonePe.gateway().createPayment(payRequest);
    expect(created).toEqual({
      gatewayOrderId: 'OMO1',
      state: 'PENDING',
      expireAt: 1_900_000_000_000,
      redirectUrl: 'https://pay/1',
    });
    expect(sent).toEqual({
      merchantOrderId: 'M1',
      amount: 50_000,
      expireAfter: 1200,
      metaInfo: {},
      paymentFlow: { type: 'PG_CHECKOUT', message: 'Order X', merchantUrls: { redirectUrl: payRequest.redirectUrl } },
    });
  });

  it('passes on a pay page only from PHONEPE_PAY_PAGE_ORIGINS, and refuses any other as rejected', async () => {
    let redirectUrl: unknown = 'https://mercury-uat.phonepe.com/transact/uat_v2?token=abc';
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [PAY]: (_request, _body, response) => json(response, 200, { orderId: 'OMO1', state: 'PENDING', redirectUrl }),
    });
    const logged: string[] = [];
    const gateway = phonePe.gateway({
      payPageOrigins: ['https://mercury-uat.phonepe.com'],
      log: (message) => logged.push(message),
    });
    expect((await gateway.createPayment(payRequest)).redirectUrl).toBe(redirectUrl);
    for (redirectUrl of [
      'https://pay.evil.example/transact?token=abc',
      'http://mercury-uat.phonepe.com/transact?token=abc',
      'javascript:alert(1)',
      '/transact?token=abc',
    ]) {
      await expect(gateway.createPayment(payRequest), String(redirectUrl)).rejects.toMatchObject({
        name: 'GatewayError',
        kind: 'rejected',
        code: 'PAY_PAGE_ORIGIN',
      });
    }
    // No pay page at all is refused, whether or not the shop names the origins it expects.
    redirectUrl = undefined;
    for (const anyGateway of [gateway, phonePe.gateway()]) {
      await expect(anyGateway.createPayment(payRequest)).rejects.toMatchObject({
        kind: 'rejected',
        code: 'PAY_PAGE_MISSING',
      });
    }
    expect(logged[0]).toMatch(/pay page \(https:\/\/pay\.evil\.example\) is not in PHONEPE_PAY_PAGE_ORIGINS/);
    expect(logged.join('\n')).not.toContain('token=abc'); // the pay page's token stays out of the log
    expect(phonePe.count(PAY)).toBe(7); // each refused once, never sent again
  });

  it('asks the status before trying again after an unknown outcome, and tries again only if nothing arrived', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [PAY]: badGatewayOnceThen({ orderId: 'OMO1', state: 'PENDING', expireAt: 1, redirectUrl: 'https://pay/1' }),
    });
    const created = await phonePe.gateway().createPayment(payRequest);
    expect(created.redirectUrl).toBe('https://pay/1');
    expect(phonePe.calls.filter((call) => call !== TOKEN)).toEqual([PAY, STATUS, PAY]);
  });

  it('never repeats a payment the gateway received, even when its answer was lost', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [PAY]: () => undefined, // received, never answered
      [STATUS]: (_request, _body, response) =>
        json(response, 200, { orderId: 'OMO1', state: 'PENDING', amount: 50_000 }),
    });
    await expect(phonePe.gateway({ timeoutMs: 100 }).createPayment(payRequest)).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(phonePe.count(PAY)).toBe(1);
    expect(phonePe.count(STATUS)).toBe(1);
  });
});

describe('PhonePeGateway: refunding', () => {
  const REFUND = 'POST /payments/v2/refund';
  const REFUND_STATUS = 'GET /payments/v2/refund/R1/status';
  const refundRequest = { merchantRefundId: 'R1', originalMerchantOrderId: 'M1', amountPaise: 50_000 };

  it('answers with the status of a refund the gateway received when the answer to sending it was lost', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [REFUND]: (_request, _body, response) => json(response, 503, { message: 'Unavailable' }), // after receiving it
      [REFUND_STATUS]: (_request, _body, response) =>
        json(response, 200, { refundId: 'OMR1', state: 'PENDING', amount: 50_000 }),
    });
    const refund = await phonePe.gateway().refund(refundRequest);
    expect(refund).toMatchObject({ refundId: 'OMR1', state: 'PENDING', amountPaise: 50_000 });
    expect(phonePe.calls.filter((call) => call !== TOKEN)).toEqual([REFUND, REFUND_STATUS]);
  });

  it('sends it again, with backoff, only when the gateway has no such refund', async () => {
    const phonePe = await standIn({
      [TOKEN]: tokens(),
      [REFUND]: badGatewayOnceThen({ refundId: 'OMR1', state: 'PENDING', amount: 50_000 }),
    });
    expect((await phonePe.gateway().refund(refundRequest)).refundId).toBe('OMR1');
    expect(phonePe.calls.filter((call) => call !== TOKEN)).toEqual([REFUND, REFUND_STATUS, REFUND]);
  });
});
