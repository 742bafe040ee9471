/** Test helpers shared by the simulator's test files: a webhook receiver and PhonePe calls over plain fetch. */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import type { StandaloneSimulator } from '../standalone.ts';

/** server/testing's createScratchDatabase, passed in: the simulator's own files may not import the test harness. */
type CreateScratchDatabase = (baseUrl: string, prefix: string) => Promise<{ url: string; drop(): Promise<void> }>;

/** A migrated database of the test file's own: PGlite in memory, or (TEST_DB=postgres) a scratch PostgreSQL one. */
export async function openTestDatabase(
  createScratchDatabase: CreateScratchDatabase,
  prefix: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, prefix);
  const database = await openDatabase({ url: scratch.url, poolSize: 5 });
  await database.migrate();
  return { database, drop: async () => (await database.close(), await scratch.drop()) };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as validateCallback takes it. */
  body: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The answers to give, in order; 200 once they run out. */
  answerWith(statuses: number[]): void;
  /** Resolves with the first webhook (received already or later) that matches. */
  waitFor(match: (hook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  let answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status === 200) {
        const body = Buffer.concat(chunks).toString('utf8');
        const { event, payload } = JSON.parse(body) as { event: string; payload: Record<string, unknown> };
        received.push({ headers: request.headers, body, event, payload });
        for (const wake of waiters) wake();
      }
      response.writeHead(status).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return {
    url,
    received,
    answerWith(statuses) {
      answers = [...statuses];
    },
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hook = received.find(match);
          if (!hook) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hook);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching webhook within ${timeoutMs} ms (got ${received.map((h) => h.event)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON call to the simulator, answered as status, headers and parsed body. */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (init.token) headers.authorization = `O-Bearer ${init.token}`;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: (type.includes('json') ? JSON.parse(text) : text) as T,
  };
}

export async function fetchToken(simulator: StandaloneSimulator): Promise<string> {
  const { clientId, clientSecret, clientVersion } = simulator.credentials;
  const answer = await call<{ access_token: string }>(`${simulator.url}/v1/oauth/token`, {
    form: {
      client_id: clientId,
      client_secret: clientSecret,
      client_version: String(clientVersion),
      grant_type: 'client_credentials',
    },
  });
  if (answer.status !== 200) throw new Error(`token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

let sequence = 0;
/** A merchantOrderId (or refund id) no other test uses. */
export const uniqueId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++sequence}`;

export const payRequest = (merchantOrderId: string, amount = 129_900) => ({
  merchantOrderId,
  amount,
  expireAfter: 900,
  metaInfo: { udf1: 'order-42' },
  paymentFlow: {
    type: 'PG_CHECKOUT',
    message: 'Aangan Decor order',
    merchantUrls: { redirectUrl: `https://shop.example/payment/status?orderId=${merchantOrderId}` },
  },
});
