// Delivery estimates (decision 0075) through the real Shiprocket adapter against the standalone simulator over HTTP
// (decision 0073), on both databases. The simulator serves no cash on delivery at PINs starting 8 and nothing at 9.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import { createScratchDatabase } from '../testing/postgres.ts';
import {
  orderBody,
  placeOrder,
  productSupply,
  validAddress,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { loadConfig } from '../root/modules.ts';
import { RATE_LIMIT_HEADERS } from '../platform/http/api-rate-limit.ts';
import { DELIVERY_MESSAGES, PIN_MESSAGES } from '../../core/contracts/shipping.ts';
import { callJson, shiprocketRig, WEBHOOK_TOKEN } from '../../simulators/shiprocket/testing/rig.ts';
import { SHIPROCKET_SIMULATOR_PICKUP, shiprocketSettingsFor } from '../../simulators/shiprocket/standalone.ts';
import { products } from '../catalog/schema.ts';
import { serviceabilityCache } from './schema.ts';
import { DeliveryEstimates } from './estimates.ts';
import { ShiprocketCourier } from './shiprocket.ts';
import { indiaDate } from './india-dates.ts';

const SERVED_WITH_COD = '500001';
const PREPAID_ONLY = '800001';
/** The simulator's two unserviceable answers: an odd last digit is HTTP 404, an even one 200 with status 404. */
const UNSERVED = ['900001', '900002'];
const PICKUP_PIN = SHIPROCKET_SIMULATOR_PICKUP.pin;

// The shop's own per-address limit, not the harness's raised one: estimates must allow ≥ 60 a minute per client.
const DEFAULT_PER_ADDRESS = loadConfig({ NODE_ENV: 'test' }).API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE;
const { simulator } = shiprocketRig(createScratchDatabase);
let shop: TestShop;
let shopper: Shopper;
let supply: ReturnType<typeof productSupply>;
beforeAll(async () => {
  shop = await startTestShop({
    ...shiprocketSettingsFor(simulator(), WEBHOOK_TOKEN),
    SHIPROCKET_TIMEOUT_MS: '1000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(DEFAULT_PER_ADDRESS),
  });
  shopper = await verifiedShopper(shop);
  supply = productSupply(shop);
});
afterEach(async () => {
  shop.checkContract();
  await callJson(`${simulator().controlUrl}/faults`, { method: 'DELETE' });
});
afterAll(async () => {
  await shop?.close();
});

const estimate = (query: string) => shop.app.inject({ method: 'GET', url: `/api/shipping/estimate?${query}` });
/** How many serviceability calls the simulator has answered (or refused) so far. */
const serviceabilityCalls = async () =>
  (await callJson<{ calls: Record<string, number> }>(`${simulator().controlUrl}/counters`)).body.calls.serviceability ??
  0;
/** The weight steps, in grams, the cache holds answers for at a PIN: the questions the courier was asked. */
async function askedWeights(pin: string): Promise<number[]> {
  const rows = await shop.services.database.db
    .select({ weightGrams: serviceabilityCache.weightGrams })
    .from(serviceabilityCache)
    .where(and(eq(serviceabilityCache.deliveryPin, pin), eq(serviceabilityCache.pickupPin, PICKUP_PIN)));
  return rows.map(({ weightGrams }) => weightGrams).sort((a, b) => a - b);
}
/** Sets a product's unit weight as an admin's edit would, and tells the catalogue. */
async function weighs(productId: string, weightGrams: number) {
  await shop.services.database.db.update(products).set({ weightGrams }).where(eq(products.id, productId));
  await shop.services.catalog.publishChange();
}

describe('GET /api/shipping/estimate', () => {
  it('serves a PIN with COD, dated by the earliest etd, asking only cod=1', async () => {
    const before = await serviceabilityCalls();
    const answer = await estimate(`pin=${SERVED_WITH_COD}`);
    expect(answer.statusCode, answer.body).toBe(200);
    // From zone 1 to zone 5 the simulator's fastest courier takes 2 + 4 days.
    expect(answer.json()).toEqual({ serviceable: true, cod: true, estimatedDeliveryDate: indiaDate(new Date(), 6) });
    expect((await serviceabilityCalls()) - before).toBe(1);
  });

  it('asks cod=0 too where no courier takes cash, and serves it prepaid only', async () => {
    const before = await serviceabilityCalls();
    const answer = await estimate(`pin=${PREPAID_ONLY}`);
    expect(answer.json()).toEqual({ serviceable: true, cod: false, estimatedDeliveryDate: indiaDate(new Date(), 9) });
    expect((await serviceabilityCalls()) - before).toBe(2);
  });

  it.each(UNSERVED)('answers %s, in either of Shiprocket’s unserviceable forms, as not delivered to', async (pin) => {
    const answer = await estimate(`pin=${pin}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ serviceable: false, cod: false, estimatedDeliveryDate: null });
  });

  it("asks about one unit of the product, at its weight's 0.5 kg step", async () => {
    const productId = await supply({ stock: 5 });
    await weighs(productId, 1200);
    const answer = await estimate(`pin=560001&productId=${productId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await askedWeights('560001')).toEqual([1500]);
  });

  it('keeps an answer a day: the second question of a PIN and weight step does not reach the courier', async () => {
    const before = await serviceabilityCalls();
    const first = await estimate('pin=560002');
    const second = await estimate('pin=560002');
    expect(second.json()).toEqual(first.json());
    expect((await serviceabilityCalls()) - before).toBe(1);
    // Another weight step is another question.
    const productId = await supply({ stock: 5 });
    await weighs(productId, 750);
    await estimate(`pin=560002&productId=${productId}`);
    expect(await askedWeights('560002')).toEqual([500, 1000]);
    expect((await serviceabilityCalls()) - before).toBe(2);
  });

  it.each(['12345', '012345', 'abcdef', '1234567', ''])(
    'refuses PIN %j with 400, as the PIN route does',
    async (pin) => {
      const answer = await estimate(`pin=${pin}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: PIN_MESSAGES.invalid });
    },
  );

  it('refuses no PIN at all with 400', async () => {
    const answer = await estimate('');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: PIN_MESSAGES.invalid });
  });

  it('answers 404 {message} for a product that does not exist', async () => {
    const answer = await estimate(`pin=${SERVED_WITH_COD}&productId=00000000-0000-4000-8000-000000000000`);
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json()).toEqual({ message: DELIVERY_MESSAGES.productNotFound });
  });

  it('answers 60 estimates a minute from one client under the default limit', async () => {
    expect(DEFAULT_PER_ADDRESS).toBeGreaterThanOrEqual(60);
    const answers = await Promise.all(Array.from({ length: 60 }, () => estimate(`pin=${SERVED_WITH_COD}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    const remaining = answers.map((answer) => Number(answer.headers[RATE_LIMIT_HEADERS.remaining]));
    expect(Math.min(...remaining)).toBeGreaterThan(0);
    expect(Math.min(...remaining)).toBeLessThanOrEqual(DEFAULT_PER_ADDRESS - 60);
  });
});

describe('a courier that cannot answer', () => {
  it('is served with COD and no date, not cached, and rests before it is asked again', async () => {
    const estimates = new DeliveryEstimates({
      database: shop.services.database,
      courier: new ShiprocketCourier({
        apiUrl: simulator().apiUrl,
        ...simulator().credentials,
        pickupLocation: SHIPROCKET_SIMULATOR_PICKUP.location,
        timeoutMs: 1000,
        backoffMs: 10,
      }),
      pickupPin: PICKUP_PIN,
      catalogue: shop.services.catalog,
      log: { logger: shop.services.logger, warn: () => {} },
      courierRestMs: 300,
    });
    await callJson(`${simulator().controlUrl}/faults`, { json: { route: 'serviceability', status: 503, times: 100 } });
    const before = await serviceabilityCalls();
    const down = { serviceable: true, cod: true, estimatedDeliveryDate: null };
    expect(await estimates.forProduct('560004')).toEqual(down);
    const askedOnce = (await serviceabilityCalls()) - before;
    expect(askedOnce).toBeGreaterThan(0);
    // Resting: answered at once, the courier not asked.
    expect(await estimates.forProduct('560005')).toEqual(down);
    expect((await serviceabilityCalls()) - before).toBe(askedOnce);
    expect(await askedWeights('560004')).toEqual([]);
    // Rested, and back: asked again, and the answer kept.
    await callJson(`${simulator().controlUrl}/faults`, { method: 'DELETE' });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await estimates.forProduct('560004')).toMatchObject({ serviceable: true, cod: true });
    expect(await askedWeights('560004')).toEqual([500]);
  });
});

describe('POST /api/orders/create-order and the delivery estimate', () => {
  const order = async (pincode: string, paymentMethod: 'cod' | 'prepaid') => {
    const productId = await supply({ stock: 5 });
    const body = orderBody([{ _id: productId, quantity: 2 }], {
      paymentMethod,
      shippingAddress: { ...validAddress, pincode },
    });
    return placeOrder(shop, shopper.bearer, body);
  };

  it('refuses any order to an unserved PIN with 400 and the sentence checkout shows', async () => {
    for (const method of ['cod', 'prepaid'] as const) {
      const answer = await order(UNSERVED[1]!, method);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: DELIVERY_MESSAGES.unserved });
    }
  });

  it('refuses cash on delivery where no courier takes it, and places the prepaid order', async () => {
    const cod = await order(PREPAID_ONLY, 'cod');
    expect(cod.statusCode, cod.body).toBe(400);
    expect(cod.json()).toEqual({ message: DELIVERY_MESSAGES.noCod });
    const prepaid = await order(PREPAID_ONLY, 'prepaid');
    expect(prepaid.statusCode, prepaid.body).toBe(201);
  });

  it("asks about the cart's parcel: both units' weight, at its step", async () => {
    const answer = await order('560003', 'cod');
    expect(answer.statusCode, answer.body).toBe(201);
    // Two demo units of 0.5 kg each.
    expect(await askedWeights('560003')).toEqual([1000]);
  });
});

// Last: the shop's own estimates then rest from the courier for COURIER_REST_MS.
describe('the route, while the courier fails', () => {
  it('answers served with COD and no date, never 5xx', async () => {
    await callJson(`${simulator().controlUrl}/faults`, { json: { route: 'serviceability', status: 500, times: 100 } });
    const answer = await estimate('pin=560006');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ serviceable: true, cod: true, estimatedDeliveryDate: null });
  });
});
