// Which courier the settings choose, and the local shop's own Shiprocket: mounted at /__shiprocket, reached by
// the same adapter over HTTP on the shop's port, to this machine only (decision 0073).
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../platform/kernel/setting-types.ts';
import { loadConfig } from '../root/modules.ts';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { ManualCourier } from './manual-courier.ts';
import { courierSetup } from './setup.ts';
import { ShiprocketCourier } from './shiprocket.ts';
import type { ShippingSettings } from './settings.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const settings: ShippingSettings = {
  SHIPROCKET_API_URL: 'https://apiv2.shiprocket.in/v1/external',
  SHIPROCKET_TIMEOUT_MS: 10_000,
  SHIPPING_TRACK_CHECK_HOURS: 24,
};
const secretOf = () => Promise.resolve(new TextEncoder().encode('x'.repeat(64)));

describe('the courier the settings choose', () => {
  it('Shiprocket when set, manual shipping in production or behind a proxy without it, else the simulator', async () => {
    const runtime = { NODE_ENV: 'production', TRUST_PROXY: false, PORT: 3000 } as const;
    const configured = await courierSetup(
      {
        ...settings,
        SHIPROCKET_EMAIL: 'api@shop.example',
        SHIPROCKET_PASSWORD: 'secret',
        SHIPROCKET_PICKUP_LOCATION: 'Warehouse',
        SHIPROCKET_PICKUP_PIN: '500001',
        SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token',
        ...runtime,
      },
      secretOf,
    );
    expect(configured).toMatchObject({ kind: 'shiprocket', pickupPin: '500001', webhookToken: 'a-long-webhook-token' });
    expect(configured.courier).toBeInstanceOf(ShiprocketCourier);
    const manual = await courierSetup({ ...settings, ...runtime }, secretOf);
    expect(manual).toMatchObject({ kind: 'manual', webhookToken: null, simulator: null });
    expect(manual.courier).toBeInstanceOf(ManualCourier);
    const proxied = await courierSetup({ ...settings, ...runtime, NODE_ENV: 'test', TRUST_PROXY: 1 }, secretOf);
    expect(proxied.kind).toBe('manual');
    const local = await courierSetup({ ...settings, ...runtime, NODE_ENV: 'test' }, secretOf);
    expect(local).toMatchObject({ kind: 'simulator', pickupPin: '110001', webhookToken: expect.any(String) });
  });

  it('refuses SHIPROCKET_EMAIL without the rest, and plain http in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_EMAIL: 'api@shop.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_EMAIL: 'api@shop.example' })).toThrow(
      /SHIPROCKET_PICKUP_PIN is required with SHIPROCKET_EMAIL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SHIPROCKET_PICKUP_PIN: '012345' })).toThrow(/6-digit PIN/);
  });
});

describe("a local shop's own Shiprocket", () => {
  let shop: TestShop;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    shop = await startTestShop({ PORT: String(port), SHIPROCKET_TIMEOUT_MS: '5000' });
    url = await shop.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('ships through the same adapter over HTTP, and sends its webhooks to the shop', async () => {
    const { courier, courierSetup: setup } = shop.services;
    expect(setup.kind).toBe('simulator');
    expect(
      await courier.serviceability({ pickupPin: setup.pickupPin, deliveryPin: '900001', cod: true, weightKg: 1 }),
    ).toEqual([]);
    const options = await courier.serviceability({
      pickupPin: setup.pickupPin,
      deliveryPin: '500001',
      cod: true,
      weightKg: 1,
    });
    expect(options.some((option) => option.cod)).toBe(true);
    const { shipmentId } = await courier.createOrder({
      orderId: `LOCAL-${Date.now()}`,
      orderedAt: new Date(),
      paymentMethod: 'prepaid',
      subTotalPaise: 49_900,
      items: [{ name: 'Brass diya', sku: 'DIYA-1', units: 1, sellingPricePaise: 49_900 }],
      address: {
        name: 'Asha Verma',
        address: '12 MG Road',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500001',
        email: 'asha@example.com',
        phone: '9876543210',
      },
      parcel: { weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 },
    });
    const { awb } = await courier.assignAwb(shipmentId);
    expect(Buffer.from((await courier.label([shipmentId])).subarray(0, 4)).toString()).toBe('%PDF');

    const scan = await fetch(`${url}/__shiprocket/control/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ awb, statusId: 6 }),
    });
    expect(scan.status).toBe(200);
    const deliveries = (await (await fetch(`${url}/__shiprocket/control/webhooks?idle=1`)).json()) as {
      deliveries: { awb: string; answered: number }[];
    };
    // The shop's tracking route answers (whatever it answers): the webhook reached the shop's own port.
    expect(deliveries.deliveries.find((delivery) => delivery.awb === awb)?.answered).toBeGreaterThan(0);
  });

  it('answers nobody but this machine', async () => {
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/__shiprocket/v1/external/auth/login',
      remoteAddress: '203.0.113.7',
      payload: { email: 'x', password: 'y' },
    });
    expect(answer.statusCode).toBe(404);
  });
});
