import { eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import * as orderPage from '../../app/routes/admin/order.tsx';
import * as ordersPage from '../../app/routes/admin/orders.tsx';
import { pageAdmin } from '../root/app.ts';
import { inProcessApi } from '../platform/http/in-process-api.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentTestWorld, storedOrder } from '../testing/payments.ts';
import { orderBody, placedOrderId, queuedMails, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { createScratchDatabase } from '../testing/postgres.ts';
import { ownerActor } from '../testing/stock.ts';
import type { AdminOrder } from '../../core/contracts/admin-orders.ts';
import type { BulkShipmentAnswer } from '../../core/contracts/admin-shipping.ts';
import { callJson, shiprocketRig, WEBHOOK_TOKEN } from '../../simulators/shiprocket/testing/rig.ts';
import { shiprocketSettingsFor } from '../../simulators/shiprocket/standalone.ts';
import { shipmentBookings, shipments } from '../shipping/schema.ts';
import { SHIPMENT_TRACK_JOB } from '../shipping/shipments.ts';
import { jobs } from '../jobs/schema.ts';
import { simulatorShiprocketOrders } from '../../simulators/shiprocket/schema.ts';

// The shop's real Shiprocket adapter against a standalone simulator (its own database), driven from the back office.
const rig = shiprocketRig(createScratchDatabase);
const env: Record<string, string> = {};
beforeAll(() => void Object.assign(env, shiprocketSettingsFor(rig.simulator(), WEBHOOK_TOKEN)));
const { shop, supplyProduct } = paymentTestWorld(env);
const db = () => shop().services.database.db;

let owner: SignedInAdmin;
beforeAll(async () => {
  owner = await signedInAdmin(shop());
});

const control = (path: string, json?: unknown, method?: string) =>
  callJson(`${rig.simulator().controlUrl}/${path}`, { json, method });
// A fault a failing test left unused must not reach the next.
beforeEach(async () => void (await control('faults', undefined, 'DELETE')));
const fault = (route: string, status: number, times = 1) => control('faults', { route, status, times });
const counters = async () =>
  (
    await callJson<{ orders: Record<string, { attempts: number; created: number }>; calls: Record<string, number> }>(
      `${rig.simulator().controlUrl}/counters`,
    )
  ).body;

/** A cash-on-delivery order of two units, confirmed by the owner unless `status` says placed. */
async function order(status: 'placed' | 'confirmed' = 'confirmed') {
  const productId = await supplyProduct({ stock: 10 });
  const shopper = await verifiedShopper(shop());
  const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 2 }]));
  if (status === 'confirmed')
    await shop().services.orderStatus.changeByAdmin(orderId, 'confirmed', { actor: ownerActor() });
  return { orderId, shopper, row: await storedOrder(shop(), orderId) };
}

const ship = (orderId: string, payload?: object, headers: Record<string, string> = owner.headers) =>
  shop().app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers,
    ...(payload ? { payload } : {}),
  });
const bulk = (orderIds: unknown, headers: Record<string, string> = owner.headers) =>
  shop().app.inject({ method: 'POST', url: '/api/admin/shipments', headers, payload: { orderIds } });
const shipmentOf = async (rowId: string) =>
  (await db().select().from(shipments).where(eq(shipments.orderId, rowId)))[0];
const shippedMails = (email: string, orderId: string) =>
  queuedMails(shop(), email, `Order shipped: #${orderId.slice(-6)}`);

describe('POST /api/admin/orders/{orderId}/shipment', () => {
  it('ships a confirmed order through Shiprocket: packed, then shipped with its courier, AWB and link, mailed, recorded', async () => {
    const { orderId, row } = await order();
    const answer = await ship(orderId, { weightKg: 1.2 });
    expect(answer.statusCode, answer.body).toBe(200);
    const shipped = answer.json<{ order: AdminOrder }>().order;
    expect(shipped.status).toBe('shipped');
    expect(shipped.timeline.map((step) => step.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped']);
    const awb = shipped.shipment!.trackingNumber;
    expect(awb).toMatch(/^\d+$/);
    expect(shipped.shipment).toEqual({
      courier: expect.any(String),
      trackingNumber: awb,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
    });
    expect(shipped.shipment!.courier).not.toBe('');

    const shipment = await shipmentOf(row.id);
    expect(shipment).toMatchObject({ awb, courierName: shipped.shipment!.courier });
    const [catchUp] = await db().select().from(jobs).where(eq(jobs.key, shipment!.id));
    expect(catchUp).toMatchObject({ kind: SHIPMENT_TRACK_JOB });
    expect(await shippedMails(row.email, orderId)).toHaveLength(1);

    // Shiprocket got our order id, our total, two units and the owner's weight over the default parcel's sides.
    const [atShiprocket] = await rig
      .database()
      .db.select()
      .from(simulatorShiprocketOrders)
      .where(eq(simulatorShiprocketOrders.channelOrderId, orderId));
    expect(atShiprocket!.request).toMatchObject({
      payment_method: 'COD',
      sub_total: row.totalPricePaise / 100,
      weight: 1.2,
      length: 20,
      breadth: 15,
      height: 10,
      billing_pincode: row.shippingAddress.pincode,
      order_items: [expect.objectContaining({ units: 2 })],
    });

    const label = await shop().app.inject({ url: `/api/admin/orders/${orderId}/label`, headers: owner.headers });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('ships an order clicked twice at once once: the second waits, then finds it shipped', async () => {
    const { orderId } = await order();
    await control('counters', undefined, 'DELETE');
    const answers = await Promise.all([ship(orderId), ship(orderId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const { orders, calls } = await counters();
    expect(orders[orderId]).toEqual({ attempts: 1, created: 1 });
    expect(calls['assign-awb']).toBe(1);
  });

  it('ships a packed order too', async () => {
    const { orderId } = await order();
    await shop().services.orderStatus.changeByAdmin(orderId, 'packed', { actor: ownerActor() });
    const answer = await ship(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ order: AdminOrder }>().order.status).toBe('shipped');
  });

  it("answers Shiprocket's refusal with 502 and its message, and leaves the order as it was", async () => {
    const { orderId, row } = await order();
    await fault('create-order', 422);
    const answer = await ship(orderId);
    expect(answer.statusCode, answer.body).toBe(502);
    expect(answer.json()).toEqual({ message: 'Injected 422 on create-order' });
    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'confirmed' });
    expect(await shipmentOf(row.id)).toBeUndefined();
    expect(await shippedMails(row.email, orderId)).toHaveLength(0);
  });

  it('refuses bad parcel sizes with 400', async () => {
    const { orderId } = await order();
    const answer = await ship(orderId, { weightKg: -1 });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: 'Weight must be more than 0 kg' });
  });

  it('resumes after an outage: no second order or AWB at Shiprocket', async () => {
    const { orderId, row } = await order();
    await control('counters', undefined, 'DELETE');
    // Every try of the pickup fails (the adapter tries three times): the AWB is assigned by then.
    await fault('pickup', 503, 3);
    const failed = await ship(orderId);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json<{ message: string }>().message).toMatch(/^Shiprocket is unavailable \(503\)\. Nothing was lost/);
    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'confirmed' });
    const [booking] = await db().select().from(shipmentBookings).where(eq(shipmentBookings.orderId, row.id));
    expect(booking).toMatchObject({ pickupScheduled: false, awb: expect.any(String) });

    const retried = await ship(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ order: AdminOrder }>().order.shipment!.trackingNumber).toBe(booking!.awb);
    const { orders, calls } = await counters();
    expect(orders[orderId]).toEqual({ attempts: 1, created: 1 });
    expect(calls['create-order']).toBe(1);
    expect(calls['assign-awb']).toBe(1);
    expect(calls.pickup).toBe(4);
    expect(await shippedMails(row.email, orderId)).toHaveLength(1);

    // A try that moved the order but stopped before recording its shipment: asked again, it records the booking's.
    await db().delete(shipments).where(eq(shipments.orderId, row.id));
    const recorded = await ship(orderId);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await shipmentOf(row.id)).toMatchObject({ awb: booking!.awb });
    expect((await counters()).calls['create-order']).toBe(1);
  });

  it('refuses a placed or a delivered order with 409, and a shipped one when asked again', async () => {
    const placed = await order('placed');
    const answer = await ship(placed.orderId);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toEqual({
      message: 'Only a confirmed or packed order can be shipped through Shiprocket; this order is placed.',
    });

    const { orderId } = await order();
    expect((await ship(orderId)).statusCode).toBe(200);
    expect((await ship(orderId)).json()).toEqual({
      message: 'Only a confirmed or packed order can be shipped through Shiprocket; this order is shipped.',
    });
    await shop().services.orderStatus.changeByAdmin(orderId, 'delivered', { actor: ownerActor() });
    const delivered = await ship(orderId);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json<{ message: string }>().message).toMatch(/this order is delivered\.$/);
  });

  it('answers 404 for an unknown order, and for the label of an order not shipped through Shiprocket', async () => {
    expect((await ship('AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const { orderId } = await order();
    const label = await shop().app.inject({ url: `/api/admin/orders/${orderId}/label`, headers: owner.headers });
    expect(label.statusCode).toBe(404);
    expect(label.json()).toEqual({ message: 'This order has no Shiprocket shipment, so there is no label.' });
  });

  it('refuses anyone but an admin', async () => {
    const { orderId, shopper } = await order();
    expect((await ship(orderId, undefined, {})).statusCode).toBe(403);
    expect((await ship(orderId, undefined, shopper.bearer)).statusCode).toBe(403);
    expect((await bulk([orderId], shopper.bearer)).statusCode).toBe(403);
    expect((await shop().app.inject({ url: `/api/admin/orders/${orderId}/label` })).statusCode).toBe(403);
    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'confirmed' });
  });
});

describe('POST /api/admin/shipments', () => {
  it('ships each order, says which failed and why, and makes one manifest of those shipped', async () => {
    const orders = [await order(), await order(), await order()];
    // The first create is refused: that order fails, the other two ship.
    await fault('create-order', 422);
    const answer = await bulk(orders.map((each) => each.orderId));
    expect(answer.statusCode, answer.body).toBe(200);
    const { manifestId, results } = answer.json<BulkShipmentAnswer>();
    expect(results).toEqual([
      { orderId: orders[0]!.orderId, shipped: false, message: 'Injected 422 on create-order' },
      { orderId: orders[1]!.orderId, shipped: true },
      { orderId: orders[2]!.orderId, shipped: true },
    ]);
    expect(manifestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedOrder(shop(), orders[0]!.orderId)).toMatchObject({ status: 'confirmed' });
    for (const each of orders.slice(1)) {
      expect(await storedOrder(shop(), each.orderId)).toMatchObject({ status: 'shipped' });
      expect(await shipmentOf(each.row.id)).toMatchObject({ manifestId });
    }

    const manifest = await shop().app.inject({ url: `/api/admin/manifests/${manifestId}`, headers: owner.headers });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/pdf');
    expect(manifest.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const missing = await shop().app.inject({ url: `/api/admin/manifests/${unknown}`, headers: owner.headers });
      expect(missing.statusCode, unknown).toBe(404);
      expect(missing.json()).toEqual({ message: 'There is no such manifest.' });
    }
  });

  it('refuses no order or more than 50 with 400', async () => {
    const ids = Array.from({ length: 51 }, (_, index) => `AAAAAAAAAAAAAAAAAAAAA${String(index).padStart(3, '0')}`);
    for (const orderIds of [[], ids, undefined]) {
      const answer = await bulk(orderIds);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: 'Choose between 1 and 50 orders to ship.' });
    }
  });
});

describe("the back office's shipping forms", () => {
  let context: AppLoadContext;
  beforeAll(() => {
    context = {
      shop: shop().services.shop,
      admin: pageAdmin(shop().services.admin),
      api: inProcessApi(shop().app),
      clientAddress: '203.0.113.7',
    } as AppLoadContext;
  });
  type Answer = { data: { ok: boolean; message: string; form: string; location?: string }; init: { status?: number } };
  const post = (url: string, fields: [string, string][]) =>
    new Request(url, {
      method: 'POST',
      headers: { cookie: owner.headers.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([['csrf', owner.headers['x-csrf-token']!], ...fields]),
    });

  it("create a shipment from the order's page, its sizes checked by the contract", async () => {
    const { orderId } = await order();
    const submit = async (fields: [string, string][]) =>
      (await orderPage.action({
        request: post(`http://localhost/admin/orders/${orderId}`, [
          ['form', 'shipment'],
          ['intent', 'shipment'],
          ...fields,
        ]),
        context,
        params: { orderId },
      } as Parameters<typeof orderPage.action>[0])) as unknown as Answer;
    const refused = await submit([['weightKg', 'heavy']]);
    expect(refused.data).toMatchObject({ ok: false, message: 'Weight must be a number of kg' });
    expect(refused.init.status).toBe(400);
    const shipped = await submit([
      ['weightKg', '0.9'],
      ['lengthCm', ''],
    ]);
    expect(shipped.data).toMatchObject({ ok: true, form: 'shipment' });
    const { shipment } = (await shop().services.orders.adminOrder(orderId)) as AdminOrder;
    expect(shipped.data.message).toBe(`Shipped with ${shipment!.courier}, AWB ${shipment!.trackingNumber}`);
  });

  it('offer shipping through Shiprocket when it is set up', async () => {
    const setup = await shop().app.inject({ url: '/api/admin/shipping', headers: owner.headers });
    expect(setup.json()).toEqual({ courier: 'shiprocket' });
    const list = await ordersPage.loader({
      request: new Request('http://localhost/admin/orders', { headers: { cookie: owner.headers.cookie } }),
      context,
      params: {},
    } as Parameters<typeof ordersPage.loader>[0]);
    expect(list.throughShiprocket).toBe(true);
  });

  it('ship the checked orders from the list, then name the manifest in the address', async () => {
    const confirmed = await order();
    const placed = await order('placed');
    const answer = (await ordersPage.action({
      request: post('http://localhost/admin/orders?status=confirmed', [
        ['form', 'ship-orders'],
        ['orderIds', confirmed.orderId],
        ['orderIds', placed.orderId],
      ]),
      context,
      params: {},
    } as Parameters<typeof ordersPage.action>[0])) as unknown as Answer;
    expect(answer.data).toMatchObject({
      ok: true,
      message: `1 of 2 orders shipped. #${placed.orderId.slice(-6)}: Only a confirmed or packed order can be shipped through Shiprocket; this order is placed.`,
    });
    expect(answer.data.location).toMatch(/^\/admin\/orders\?status=confirmed&manifest=[0-9a-f-]{36}$/);
  });
});
