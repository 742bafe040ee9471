/**
 * One scenario of PhonePe's official Node SDK (pg-sdk-node) against the simulator, run in a process of its own:
 * the SDK's client is a process-wide singleton with a static token cache. Prints one JSON line for the test.
 * Usage: node --import tsx sdk-scenario.ts <scenario>, with SIMULATOR_URL and the client credentials in the env.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const sdk = require('pg-sdk-node') as typeof import('pg-sdk-node');
const { BaseUrl } = require('pg-sdk-node/dist/common/constants/BaseUrl.js') as {
  BaseUrl: Record<string, { PG_HOST_URL: string; OAUTH_HOST_URL: string; EVENTS_HOST_URL: string }>;
};

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const url = env('SIMULATOR_URL');
// The SDK takes its hosts from this exported, mutable table; 'LOCAL' is our entry in it.
BaseUrl.LOCAL = { PG_HOST_URL: url, OAUTH_HOST_URL: url, EVENTS_HOST_URL: url };
const client = sdk.StandardCheckoutClient.getInstance(
  env('CLIENT_ID'),
  env('CLIENT_SECRET'),
  Number(env('CLIENT_VERSION')),
  'LOCAL' as unknown as import('pg-sdk-node').Env,
  false,
);

/** What the SDK threw, as the test compares it. */
function failure(error: unknown) {
  const { type, httpStatusCode, code, message } = error as Record<string, unknown>;
  return { type, httpStatusCode, code, message };
}

async function attempt<T>(work: () => Promise<T>) {
  try {
    return { result: await work() };
  } catch (error) {
    return { error: failure(error) };
  }
}

const control = (path: string, body?: unknown) =>
  fetch(`${url}/_control${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

function payRequest(merchantOrderId: string) {
  return sdk.StandardCheckoutPayRequest.builder()
    .merchantOrderId(merchantOrderId)
    .amount(129_900)
    .expireAfter(900)
    .metaInfo(sdk.MetaInfo.builder().udf1('order-42').udf2('sdk').build())
    .message('Aangan Decor order')
    .redirectUrl(`https://shop.example/payment/status?orderId=${merchantOrderId}`)
    .build();
}

const scenarios: Record<string, () => Promise<unknown>> = {
  /** token → pay → status → (the bank pays) → status without and with details → refund → refund status. */
  async lifecycle() {
    const merchantOrderId = env('MERCHANT_ORDER_ID');
    const merchantRefundId = env('MERCHANT_REFUND_ID');
    const pay = await client.pay(payRequest(merchantOrderId));
    const pending = await client.getOrderStatus(merchantOrderId);
    const paid = await control(`/payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    if (!paid.ok) throw new Error(`control: ${paid.status}`);
    const withoutDetails = await client.getOrderStatus(merchantOrderId, false);
    const withDetails = await client.getOrderStatus(merchantOrderId, true);
    const duplicate = await attempt(() => client.pay(payRequest(merchantOrderId)));
    const refund = await client.refund(
      sdk.RefundRequest.builder()
        .merchantRefundId(merchantRefundId)
        .originalMerchantOrderId(merchantOrderId)
        .amount(129_900)
        .build(),
    );
    const refundStatus = await client.getRefundStatus(merchantRefundId);
    return { pay, pending, withoutDetails, withDetails, duplicate, refund, refundStatus };
  },

  async unknownOrder() {
    return attempt(() => client.getOrderStatus('NO_SUCH_ORDER', true));
  },

  /** Wrong credentials: the token call fails, so every call does. */
  async badCredentials() {
    return attempt(() => client.pay(payRequest('MO_BAD_CREDENTIALS')));
  },

  /** A token that expired early gets 401; the SDK fetches a new one, so its next call works. */
  async expiredToken() {
    const first = await attempt(() => client.getOrderStatus('NO_SUCH_ORDER'));
    await control('/tokens/expire');
    const refused = await attempt(() => client.getOrderStatus('NO_SUCH_ORDER'));
    const after = await attempt(() => client.getOrderStatus('NO_SUCH_ORDER'));
    return { first, refused, after };
  },

  /** validateCallback on a webhook the simulator sent, and on the same body with a forged Authorization. */
  async validateCallback() {
    const [username, password, body] = [env('WEBHOOK_USERNAME'), env('WEBHOOK_PASSWORD'), env('WEBHOOK_BODY')];
    const accepted = await attempt(async () =>
      client.validateCallback(username, password, env('WEBHOOK_AUTHORIZATION'), body),
    );
    const forged = await attempt(async () =>
      client.validateCallback(username, password, env('FORGED_AUTHORIZATION'), body),
    );
    return { accepted, forged };
  },
};

const name = process.argv[2] ?? '';
const scenario = scenarios[name];
if (!scenario) throw new Error(`Unknown scenario ${name}`);
console.log(JSON.stringify(await scenario()));
