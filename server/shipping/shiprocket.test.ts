// The real Shiprocket adapter against the standalone simulator over HTTP (decision 0073), on both databases.
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/postgres.ts';
import { adhocOrder, callJson, shiprocketRig, uniqueOrderId } from '../../simulators/shiprocket/testing/rig.ts';
import { CourierError, type CourierOrder } from './courier.ts';
import { indiaDate } from './india-dates.ts';
import { ShiprocketCourier, type ShiprocketOptions } from './shiprocket.ts';

const { simulator } = shiprocketRig(createScratchDatabase);
/** Short, so the timeout tests are quick; long enough for a loaded machine's ordinary answers. */
const TIMEOUT_MS = 1000;

const courier = (options: Partial<ShiprocketOptions> = {}) =>
  new ShiprocketCourier({
    apiUrl: simulator().apiUrl,
    ...simulator().credentials,
    pickupLocation: 'Primary',
    timeoutMs: TIMEOUT_MS,
    backoffMs: 20,
    ...options,
  });
const control = (path: string, json?: unknown, method?: string) =>
  callJson<Record<string, unknown>>(`${simulator().controlUrl}${path}`, { json, method });
const fault = (fault: Record<string, unknown>) => control('/faults', fault);
const counters = async () =>
  (await control('/counters')).body as {
    logins: number;
    orders: Record<string, { attempts: number; created: number }>;
    calls: Record<string, number>;
  };
const served = { pickupPin: '110001', deliveryPin: '500001', cod: true, weightKg: 0.5 };

function courierOrder(orderId = uniqueOrderId()): CourierOrder {
  return {
    orderId,
    orderedAt: new Date(),
    paymentMethod: 'cod',
    subTotalPaise: 105_800,
    items: [{ name: 'Brass diya', sku: 'DIYA-1', units: 2, sellingPricePaise: 49_900 }],
    address: {
      name: 'Asha Verma',
      address: '12 MG Road',
      city: 'Hyderabad',
      state: 'Telangana',
      pincode: '500001',
      email: 'asha@example.com',
      phone: '9876543210',
    },
    parcel: { weightKg: 1, lengthCm: 20, breadthCm: 15, heightCm: 10 },
  };
}

describe('ShiprocketCourier: the token', () => {
  it('logs in once for 20 concurrent calls', async () => {
    const before = (await counters()).logins;
    const adapter = courier();
    const answers = await Promise.all(Array.from({ length: 20 }, () => adapter.serviceability(served)));
    expect(answers.every((couriers) => couriers.length > 0)).toBe(true);
    expect((await counters()).logins - before).toBe(1);
    await adapter.serviceability(served);
    expect((await counters()).logins - before).toBe(1);
  });

  it('logs in again after a 401 and tries the call once more', async () => {
    const adapter = courier();
    await adapter.serviceability(served);
    const before = (await counters()).logins;
    await control('/tokens/revoke', {});
    expect(await adapter.serviceability(served)).not.toEqual([]);
    expect((await counters()).logins - before).toBe(1);
    // A 401 the new token does not cure either is Shiprocket's refusal, after one more login.
    await fault({ route: 'serviceability', status: 401, times: 2 });
    await expect(adapter.serviceability(served)).rejects.toMatchObject({ kind: 'refused' });
    expect((await counters()).logins - before).toBe(2);
  });

  it('logs in again once the token is 9 days old', async () => {
    let now = Date.now();
    const adapter = courier({ now: () => now });
    const before = (await counters()).logins;
    await adapter.serviceability(served);
    now += 9 * 24 * 3600 * 1000 - 1000;
    await adapter.serviceability(served);
    expect((await counters()).logins - before).toBe(1);
    now += 2000;
    await adapter.serviceability(served);
    expect((await counters()).logins - before).toBe(2);
  });
});

describe('ShiprocketCourier: serviceability', () => {
  it('lists the couriers with their etd as an India date', async () => {
    const couriers = await courier().serviceability(served);
    // The simulator's rule: 2 days plus one per postal zone between 1… and 5…, then one and two more.
    expect(couriers).toEqual([
      { courierId: 24, name: 'Blue Dart Air', cod: false, etd: indiaDate(new Date(), 6) },
      { courierId: 43, name: 'Xpressbees Surface', cod: true, etd: indiaDate(new Date(), 7) },
      { courierId: 10, name: 'Delhivery Surface', cod: true, etd: indiaDate(new Date(), 8) },
    ]);
  });

  it('answers [] to both unserviceable forms: HTTP 404 and 200 with status 404', async () => {
    const adapter = courier();
    const httpForm = await callJson(
      `${simulator().apiUrl}/courier/serviceability?pickup_postcode=110001&delivery_postcode=900001&cod=1&weight=1`,
      {
        token: (
          await callJson<{ token: string }>(`${simulator().apiUrl}/auth/login`, { json: simulator().credentials })
        ).body.token,
      },
    );
    expect(httpForm.status).toBe(404);
    expect(await adapter.serviceability({ ...served, deliveryPin: '900001' })).toEqual([]);
    expect(await adapter.serviceability({ ...served, deliveryPin: '900002' })).toEqual([]);
    const noCod = await adapter.serviceability({ ...served, deliveryPin: '800001' });
    expect(noCod.length).toBeGreaterThan(0);
    expect(noCod.some((option) => option.cod)).toBe(false);
  });

  it('tries again after a 5xx, and gives up as unavailable after the bounded retries', async () => {
    const adapter = courier();
    await adapter.serviceability(served);
    const before = (await counters()).calls.serviceability ?? 0;
    await fault({ route: 'serviceability', status: 500 });
    expect(await adapter.serviceability(served)).toHaveLength(3);
    expect((await counters()).calls.serviceability! - before).toBe(2);
    await fault({ route: 'serviceability', status: 503, times: 3 });
    await expect(adapter.serviceability(served)).rejects.toEqual(
      new CourierError('unavailable', 'Shiprocket is unavailable (503)'),
    );
  });

  it('gives up a call that hangs after the timeout and its retries', async () => {
    await fault({ route: 'track', delayMs: 3 * TIMEOUT_MS, times: 3 });
    const started = Date.now();
    await expect(courier({ retries: 1 }).track('none')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Shiprocket timed out',
    });
    expect(Date.now() - started).toBeLessThan(4 * TIMEOUT_MS);
    await control('/faults', undefined, 'DELETE');
  });
});

describe('ShiprocketCourier: an order created once', () => {
  it('after a create that timed out, finds the order and does not create it twice', async () => {
    const order = courierOrder();
    await fault({ route: 'create-order', delayMs: 3 * TIMEOUT_MS, afterProcessing: true });
    const created = await courier().createOrder(order);
    expect((await counters()).orders[order.orderId]).toEqual({ attempts: 1, created: 1 });
    const token = (
      await callJson<{ token: string }>(`${simulator().apiUrl}/auth/login`, { json: simulator().credentials })
    ).body.token;
    const found = await callJson<{ data: { id: number; shipments: { id: number }[] }[] }>(
      `${simulator().apiUrl}/orders?search=${order.orderId}`,
      { token },
    );
    expect(created).toEqual({
      courierOrderId: found.body.data[0]!.id,
      shipmentId: found.body.data[0]!.shipments[0]!.id,
    });
  });

  it('after a 5xx that did create it, and after "already been taken", uses the order found', async () => {
    const adapter = courier();
    const afterFailure = courierOrder();
    await fault({ route: 'create-order', status: 500, afterProcessing: true });
    const first = await adapter.createOrder(afterFailure);
    expect((await counters()).orders[afterFailure.orderId]).toEqual({ attempts: 1, created: 1 });
    expect(await adapter.createOrder(afterFailure)).toEqual(first);
    expect((await counters()).orders[afterFailure.orderId]).toEqual({ attempts: 2, created: 1 });
  });

  it('creates again after a 5xx that created nothing, and finds only its own order id', async () => {
    const adapter = courier();
    const order = courierOrder();
    // An order whose id contains ours: Shiprocket's search matches it too, and it must not be taken for ours.
    const token = (
      await callJson<{ token: string }>(`${simulator().apiUrl}/auth/login`, { json: simulator().credentials })
    ).body.token;
    await callJson(`${simulator().apiUrl}/orders/create/adhoc`, { token, json: adhocOrder(`${order.orderId}-X`) });
    const before = (await counters()).calls['create-order']!;
    await fault({ route: 'create-order', status: 502 });
    const created = await adapter.createOrder(order);
    // The 502 came before Shiprocket's work (no attempt reached it): two calls, one create.
    expect((await counters()).calls['create-order']! - before).toBe(2);
    expect((await counters()).orders[order.orderId]).toEqual({ attempts: 1, created: 1 });
    expect(created.shipmentId).toBeGreaterThan(0);
  });

  it("refuses with Shiprocket's own words when it refuses the order", async () => {
    const refused = courier({ pickupLocation: 'Nowhere' }).createOrder(courierOrder());
    await expect(refused).rejects.toMatchObject({ kind: 'refused', message: /Wrong Pickup location/ });
  });
});

describe('ShiprocketCourier: the shipment', () => {
  it('assigns an AWB, schedules a pickup (twice is fine), and downloads the label and manifest as PDFs', async () => {
    const adapter = courier();
    const { shipmentId } = await adapter.createOrder(courierOrder());
    const assigned = await adapter.assignAwb(shipmentId);
    expect(assigned).toEqual({ awb: expect.stringMatching(/^\d{14}$/), courierName: 'Delhivery Surface' });
    expect(await adapter.assignAwb(shipmentId)).toEqual(assigned);
    await adapter.schedulePickup(shipmentId);
    await adapter.schedulePickup(shipmentId);
    const label = await adapter.label([shipmentId]);
    const manifest = await adapter.manifest([shipmentId]);
    expect(Buffer.from(label.subarray(0, 4)).toString()).toBe('%PDF');
    expect(Buffer.from(manifest.subarray(0, 4)).toString()).toBe('%PDF');
    await expect(adapter.manifest([shipmentId])).rejects.toMatchObject({ kind: 'refused' });
  });

  it('refuses a label for a shipment without an AWB', async () => {
    const adapter = courier();
    const { shipmentId } = await adapter.createOrder(courierOrder());
    await expect(adapter.label([shipmentId])).rejects.toMatchObject({ kind: 'refused' });
  });

  it("tracks an AWB's scans oldest first, and an unknown AWB as none", async () => {
    const adapter = courier();
    const { shipmentId } = await adapter.createOrder(courierOrder());
    const { awb } = await adapter.assignAwb(shipmentId);
    await control('/scans', {
      awb,
      statusId: 18,
      activity: 'In transit',
      location: 'Nagpur',
      at: '2026-12-05T04:00:00Z',
      webhook: 'drop',
    });
    await control('/scans', { awb, statusId: 42, location: 'Delhi', at: '2026-12-04T06:13:52Z', webhook: 'drop' });
    expect(await adapter.track(awb)).toEqual([
      { statusId: 42, activity: 'PICKED UP', location: 'Delhi', at: new Date('2026-12-04T06:13:52Z') },
      { statusId: 18, activity: 'In transit', location: 'Nagpur', at: new Date('2026-12-05T04:00:00Z') },
    ]);
    expect(await adapter.track('00000000000000')).toEqual([]);
  });
});
