/** What the Shiprocket simulator's tests and the adapter's share: a database, a webhook receiver, the simulator. */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../../server/platform/db/client.ts';
import {
  startStandaloneShiprocket,
  type StandaloneShiprocket,
  type StandaloneShiprocketOptions,
} from '../standalone.ts';

/** server/testing's createScratchDatabase, passed in: the simulator's own files may not import the test harness. */
type CreateScratchDatabase = (baseUrl: string, prefix: string) => Promise<{ url: string; drop(): Promise<void> }>;

export interface ReceivedTrackingWebhook {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export const WEBHOOK_TOKEN = 'tracking-webhook-token-1234';

/**
 * A migrated database of the file's own (PGlite in memory, or with TEST_DB=postgres a scratch PostgreSQL one), a
 * receiver of tracking webhooks, and a standalone simulator sending to it; opened before the file's tests.
 */
export function shiprocketRig(
  createScratchDatabase: CreateScratchDatabase,
  options: Omit<StandaloneShiprocketOptions, 'db' | 'webhookUrl' | 'webhookToken'> = {},
) {
  let database: Database;
  let drop: () => Promise<void>;
  let simulator: StandaloneShiprocket;
  const received: ReceivedTrackingWebhook[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(200).end();
    });
  });
  beforeAll(async () => {
    if (process.env.TEST_DB === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shiprocket_sim');
      database = await openDatabase({ url: scratch.url, poolSize: 5 });
      drop = async () => (await database.close(), await scratch.drop());
    } else {
      database = await openDatabase({});
      drop = () => database.close();
    }
    await database.migrate();
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/shipping/tracking`;
    simulator = await startStandaloneShiprocket({
      db: database.db,
      webhookUrl,
      webhookToken: WEBHOOK_TOKEN,
      ...options,
    });
  });
  afterAll(async () => {
    await simulator?.close();
    receiver.closeAllConnections();
    receiver.close();
    await drop?.();
  });
  return { simulator: () => simulator, database: () => database, received };
}

/** A JSON call to the simulator: its status and parsed body. */
export async function callJson<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

let sequence = 0;
/** An order id no other test uses. */
export const uniqueOrderId = (prefix = 'ORD') => `${prefix}-${Date.now().toString(36)}-${++sequence}`;

/** A create request as Shiprocket documents it. */
export const adhocOrder = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  order_id: orderId,
  order_date: '2026-12-04',
  pickup_location: 'Primary',
  billing_customer_name: 'Asha Verma',
  billing_last_name: '',
  billing_address: '12 MG Road',
  billing_city: 'Hyderabad',
  billing_pincode: '500001',
  billing_state: 'Telangana',
  billing_country: 'India',
  billing_email: 'asha@example.com',
  billing_phone: '9876543210',
  shipping_is_billing: true,
  order_items: [{ name: 'Brass diya', sku: 'DIYA-1', units: 2, selling_price: 499, discount: 0, tax: 0, hsn: '' }],
  payment_method: 'COD',
  sub_total: 1058,
  length: 20,
  breadth: 15,
  height: 10,
  weight: 1,
  ...overrides,
});
