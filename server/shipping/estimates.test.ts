import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/harness.ts';
import {
  orderBody,
  placeOrder,
  productSupply,
  validAddress,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { loadConfig, SHOP_PARTS } from '../root/modules.ts';
import { RATE_LIMIT_HEADERS } from '../platform/http/api-rate-limit.ts';
import { DELIVERY_MESSAGES, PIN_MESSAGES } from '../../core/contracts/shipping.ts';
import { CourierError, type Courier, type CourierOption, type ServiceabilityQuery } from './courier.ts';
import { shippingModule, shippingModuleWith } from './module.ts';
import { products } from '../catalog/schema.ts';

// PINs as this file's courier serves them. The checkout address's (validAddress, 411001) is served with COD.
const SERVED_WITH_COD = '500001';
const PREPAID_ONLY = '110001';
const UNSERVED = '795001';
const COURIER_DOWN = '600001';

/**
 * A courier of this file's own: Shiprocket's serviceability as the adapter reads it, per PIN. Asked with cod=1, a
 * PIN without COD lists no courier (as Shiprocket answers), so the estimate must ask cod=0 as well.
 */
class PinTableCourier implements Pick<Courier, 'serviceability'> {
  readonly asked: ServiceabilityQuery[] = [];

  async serviceability(query: ServiceabilityQuery): Promise<CourierOption[]> {
    this.asked.push(query);
    switch (query.deliveryPin) {
      case SERVED_WITH_COD:
        return [
          { courierId: 1, name: 'Xpressbees Surface', cod: true, etd: '2026-12-19' },
          { courierId: 2, name: 'Delhivery Air', cod: false, etd: '2026-12-17' },
        ];
      case PREPAID_ONLY:
        return query.cod ? [] : [{ courierId: 3, name: 'Bluedart', cod: false, etd: '2026-12-18' }];
      case UNSERVED:
        return [];
      case COURIER_DOWN:
        throw new CourierError('unavailable', 'Shiprocket timed out');
      default:
        return [{ courierId: 1, name: 'Xpressbees Surface', cod: true, etd: null }];
    }
  }

  askedFor(pin: string) {
    return this.asked.filter((query) => query.deliveryPin === pin);
  }
}

// The shop's own per-address limit, not the harness's raised one: estimates must allow ≥ 60 a minute per client.
const DEFAULT_PER_ADDRESS = loadConfig({ NODE_ENV: 'test' }).API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE;
const courier = new PinTableCourier();
let shop: TestShop;
let shopper: Shopper;
let supply: ReturnType<typeof productSupply>;
beforeAll(async () => {
  const modules = SHOP_PARTS.map((part) => (part === shippingModule ? shippingModuleWith(courier) : part));
  shop = await startTestShop({ API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(DEFAULT_PER_ADDRESS) }, { modules });
  shopper = await verifiedShopper(shop);
  supply = productSupply(shop);
});
afterEach(() => shop.checkContract());
afterAll(async () => {
  await shop?.close();
});

const estimate = (query: string) => shop.app.inject({ method: 'GET', url: `/api/shipping/estimate?${query}` });

describe('GET /api/shipping/estimate', () => {
  it('serves a PIN with COD, dated by the earliest etd, asking the courier once with cod=1', async () => {
    const answer = await estimate(`pin=${SERVED_WITH_COD}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ serviceable: true, cod: true, estimatedDeliveryDate: '2026-12-17' });
    expect(courier.askedFor(SERVED_WITH_COD)).toEqual([
      { pickupPin: '560025', deliveryPin: SERVED_WITH_COD, cod: true, weightKg: 0.5 },
    ]);
  });

  it('asks cod=0 too where no courier takes cash, and serves it prepaid only', async () => {
    const answer = await estimate(`pin=${PREPAID_ONLY}`);
    expect(answer.json()).toEqual({ serviceable: true, cod: false, estimatedDeliveryDate: '2026-12-18' });
    expect(courier.askedFor(PREPAID_ONLY).map(({ cod }) => cod)).toEqual([true, false]);
  });

  it('answers unserved where no courier is listed', async () => {
    const answer = await estimate(`pin=${UNSERVED}`);
    expect(answer.json()).toEqual({ serviceable: false, cod: false, estimatedDeliveryDate: null });
  });

  it("asks about one unit of the product, at its weight's 0.5 kg step", async () => {
    const productId = await supply({ stock: 5 });
    await weighs(productId, 1200);
    const answer = await estimate(`pin=560001&productId=${productId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(courier.askedFor('560001')).toEqual([
      { pickupPin: '560025', deliveryPin: '560001', cod: true, weightKg: 1.5 },
    ]);
  });

  it('keeps an answer a day: a second question of the same PIN and weight step does not reach the courier', async () => {
    const first = await estimate('pin=560002');
    const second = await estimate('pin=560002');
    expect(second.json()).toEqual(first.json());
    expect(courier.askedFor('560002')).toHaveLength(1);
    // Another weight step is another question.
    const productId = await supply({ stock: 5 });
    await weighs(productId, 750);
    await estimate(`pin=560002&productId=${productId}`);
    expect(courier.askedFor('560002').map(({ weightKg }) => weightKg)).toEqual([0.5, 1]);
  });

  it('counts a courier that cannot answer as served with COD and no date, and asks again next time', async () => {
    for (let time = 0; time < 2; time++) {
      const answer = await estimate(`pin=${COURIER_DOWN}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ serviceable: true, cod: true, estimatedDeliveryDate: null });
    }
    expect(courier.askedFor(COURIER_DOWN)).toHaveLength(2);
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
      const answer = await order(UNSERVED, method);
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
    expect(courier.askedFor('560003')).toEqual([
      { pickupPin: '560025', deliveryPin: '560003', cod: true, weightKg: 1 },
    ]);
  });
});

/** Sets a product's unit weight as an admin's edit would, and tells the catalogue. */
async function weighs(productId: string, weightGrams: number) {
  await shop.services.database.db.update(products).set({ weightGrams }).where(eq(products.id, productId));
  await shop.services.catalog.publishChange();
}
