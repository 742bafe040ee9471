/**
 * PhonePe's official Node SDK (pg-sdk-node) as an independent client of the simulator: if the SDK accepts its
 * answers and its webhooks, the shop's own adapter is tested against something PhonePe's code agrees with.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../server/testing/postgres.ts';
import { simulatorRig } from './testing/simulator-rig.ts';
import { call, fetchToken, payRequest, uniqueId } from './testing/fixtures.ts';

const SCENARIO = fileURLToPath(new URL('./testing/sdk-scenario.ts', import.meta.url));
const run = promisify(execFile);

const { receiver, simulator } = simulatorRig(createScratchDatabase, 'phonepe_sdk', { refundSettleMs: 60_000 });

type Outcome = { result?: unknown; error?: { type: string; httpStatusCode: number; code: string; message: string } };

/** Runs one scenario in a fresh process (the SDK's client is a singleton) and returns what it printed. */
async function scenario<T = Record<string, unknown>>(name: string, env: Record<string, string> = {}): Promise<T> {
  const { clientId, clientSecret, clientVersion } = simulator().credentials;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', SCENARIO, name], {
    env: {
      ...process.env,
      SIMULATOR_URL: simulator().url,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      CLIENT_VERSION: String(clientVersion),
      ...env,
    },
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}

describe('the official PhonePe SDK against the simulator', () => {
  it('token → pay → status (details false and true) → refund → refund status', async () => {
    const merchantOrderId = uniqueId('SDK_MO');
    const merchantRefundId = uniqueId('SDK_MR');
    const result = await scenario('lifecycle', {
      MERCHANT_ORDER_ID: merchantOrderId,
      MERCHANT_REFUND_ID: merchantRefundId,
    });

    expect(result.pay).toEqual({
      orderId: expect.stringMatching(/^OMO/),
      state: 'PENDING',
      expireAt: expect.any(Number),
      redirectUrl: expect.stringMatching(new RegExp(`^${simulator().url}/pay/`)),
    });
    const { orderId, expireAt } = result.pay as { orderId: string; expireAt: number };
    expect(result.pending).toEqual({
      orderId,
      state: 'PENDING',
      amount: 129_900,
      expireAt,
      metaInfo: { udf1: 'order-42', udf2: 'sdk' },
      paymentDetails: [],
    });
    const completed = {
      orderId,
      state: 'COMPLETED',
      amount: 129_900,
      expireAt,
      metaInfo: { udf1: 'order-42', udf2: 'sdk' },
      paymentDetails: [
        expect.objectContaining({
          transactionId: expect.stringMatching(/^OM/),
          paymentMode: 'UPI_INTENT',
          timestamp: expect.any(Number),
          amount: 129_900,
          state: 'COMPLETED',
          rail: { type: 'UPI', utr: expect.any(String), upiTransactionId: expect.any(String), vpa: expect.any(String) },
          instrument: expect.objectContaining({ type: 'ACCOUNT' }),
        }),
      ],
    };
    expect(result.withoutDetails).toEqual(completed);
    expect(result.withDetails).toEqual(completed);
    expect(result.duplicate).toEqual({
      error: expect.objectContaining({
        type: 'ResourceConflict',
        httpStatusCode: 409,
        code: 'DUPLICATE_MERCHANT_ORDER_ID',
      }),
    });

    expect(result.refund).toEqual({ refundId: expect.stringMatching(/^OMR/), amount: 129_900, state: 'PENDING' });
    expect(result.refundStatus).toEqual({
      merchantId: simulator().merchantId,
      merchantRefundId,
      originalMerchantOrderId: merchantOrderId,
      refundId: (result.refund as { refundId: string }).refundId,
      amount: 129_900,
      state: 'PENDING',
      timestamp: expect.any(Number),
    });
  });

  it('an unknown order is the SDK’s ResourceNotFound, with PhonePe’s code and message', async () => {
    expect(await scenario<Outcome>('unknownOrder')).toEqual({
      error: { type: 'ResourceNotFound', httpStatusCode: 404, code: 'NOT_FOUND', message: expect.any(String) },
    });
  });

  it('wrong credentials are the SDK’s UnauthorizedAccess', async () => {
    const outcome = await scenario<Outcome>('badCredentials', { CLIENT_SECRET: 'not-the-secret' });
    expect(outcome.error).toMatchObject({ type: 'UnauthorizedAccess', httpStatusCode: 401, code: 'INVALID_CLIENT' });
  });

  it('an expired token gets 401, and the SDK’s refreshed token works', async () => {
    const { first, refused, after } = await scenario<Record<string, Outcome>>('expiredToken');
    expect(first?.error?.httpStatusCode).toBe(404);
    expect(refused?.error).toMatchObject({ type: 'UnauthorizedAccess', httpStatusCode: 401 });
    expect(after?.error?.httpStatusCode).toBe(404);
  });

  it('validateCallback accepts the simulator’s webhook and rejects a forged one', async () => {
    const token = await fetchToken(simulator());
    const merchantOrderId = uniqueId('SDK_HOOK');
    await call(`${simulator().url}/checkout/v2/pay`, { token, json: payRequest(merchantOrderId, 25_000) });
    await call(`${simulator().url}/_control/payments/${merchantOrderId}`, { json: { outcome: 'COMPLETED' } });
    const hook = await receiver().waitFor((h) => h.payload.merchantOrderId === merchantOrderId);
    const { username, password } = simulator().webhookCredentials;

    const { accepted, forged } = await scenario<Record<string, Outcome>>('validateCallback', {
      WEBHOOK_USERNAME: username,
      WEBHOOK_PASSWORD: password,
      WEBHOOK_BODY: hook.body,
      WEBHOOK_AUTHORIZATION: String(hook.headers.authorization),
      FORGED_AUTHORIZATION: createHash('sha256').update(`${username}:not-the-password`).digest('hex'),
    });
    expect(accepted?.result).toMatchObject({
      event: 'checkout.order.completed',
      payload: { merchantId: simulator().merchantId, merchantOrderId, state: 'COMPLETED', amount: 25_000 },
    });
    expect(forged).toEqual({ error: expect.objectContaining({ type: 'PhonePeException', httpStatusCode: 417 }) });
  });
});
