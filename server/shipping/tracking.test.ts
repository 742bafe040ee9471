import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { control, paymentTestWorld, runJobNow, startedPayment, storedOrder } from '../testing/payments.ts';
import { orderBody, placedOrderId, queuedMails, storedStock, verifiedShopper } from '../testing/orders.ts';
import { createScratchDatabase } from '../testing/postgres.ts';
import { movementsOf, ownerActor } from '../testing/stock.ts';
import { paymentRefunds } from '../payments/schema.ts';
import { REFUND_JOB } from '../payments/reconciliation.ts';
import type { Order, TrackedOrder } from '../../core/order.ts';
import { callJson, shiprocketRig, WEBHOOK_TOKEN } from '../../simulators/shiprocket/testing/rig.ts';
import { shiprocketSettingsFor } from '../../simulators/shiprocket/standalone.ts';
import { shipments, trackingEvents, trackingWebhooks } from './schema.ts';
import { SHIPMENT_TRACK_JOB } from './shipments.ts';

// The shop's real Shiprocket adapter against a standalone simulator (its own database): the catch-up asks it.
const rig = shiprocketRig(createScratchDatabase);
const env: Record<string, string> = {};
beforeAll(() => void Object.assign(env, shiprocketSettingsFor(rig.simulator(), WEBHOOK_TOKEN)));
const world = paymentTestWorld(env);
const { shop, simulator, supplyProduct } = world;
const db = () => shop().services.database.db;
const shipping = () => shop().services.shipments;

let awbs = 0;
const newAwb = () => `19041424${String(Date.now() % 1_000_000).padStart(6, '0')}${awbs++}`;

/** India time as the webhook writes it: `minutes` after 10:00 on 1 Dec 2026 in India. */
const webhookTime = (minutes: number) => {
  const at = new Date(Date.UTC(2026, 11, 1, 10, minutes));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())} ${two(at.getUTCMonth() + 1)} ${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:00`;
};
const utcOf = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 10, minutes) - 5.5 * 3_600_000).toISOString();

/** Shiprocket's webhook body for one scan (its documented fields, abridged). */
const webhookBody = (awb: string, statusId: number, minutes: number, activity = 'Scanned') => ({
  awb,
  courier_name: 'Delhivery Surface',
  current_status: activity.toUpperCase(),
  current_status_id: statusId,
  shipment_status: activity.toUpperCase(),
  shipment_status_id: statusId,
  current_timestamp: webhookTime(minutes),
  order_id: 'ours',
  sr_order_id: 348456385,
  scans: [{ date: '2026-12-01 09:00:00', status: 'X-UCI', activity, location: 'Pune_Hub (Maharashtra)' }],
  is_return: 0,
});

const postWebhook = (body: unknown, key: string | null = WEBHOOK_TOKEN) =>
  shop().app.inject({
    method: 'POST',
    url: '/api/shipping/tracking',
    headers: key === null ? {} : { 'x-api-key': key },
    payload: body as object,
  });

/** Posts webhooks and waits until the job queue applied them. */
async function deliver(...bodies: object[]) {
  for (const body of bodies) {
    const answer = await postWebhook(body);
    expect(answer.statusCode, answer.body).toBe(200);
  }
  await shop().services.jobs.runDue();
  await shop().services.jobs.settled();
}

/** A shipped order with its shipment recorded, as the shipment-creation route will leave it. */
async function shippedOrder(orderId: string) {
  const awb = newAwb();
  const flow = shop().services.orderStatus;
  const admin = { actor: ownerActor() };
  const order = await storedOrder(shop(), orderId);
  if (order.status === 'placed') await flow.changeByAdmin(orderId, 'confirmed', admin);
  await flow.changeByAdmin(orderId, 'packed', admin);
  const tracking = {
    courier: 'Delhivery Surface',
    trackingNumber: awb,
    trackingUrl: `https://shiprocket.co/tracking/${awb}`,
  };
  await flow.changeByAdmin(orderId, 'shipped', admin, tracking);
  const shipment = await shipping().recordShipment({
    orderId: order.id,
    courierOrderId: 1000 + awbs,
    shipmentId: 2000 + awbs,
    awb,
    courierName: 'Delhivery Surface',
  });
  return { awb, order, shipment };
}

async function shippedCodOrder(stock = 5) {
  const productId = await supplyProduct({ stock });
  const shopper = await verifiedShopper(shop());
  const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
  return { productId, shopper, orderId, ...(await shippedOrder(orderId)) };
}

const eventsOf = (awb: string) =>
  db().select().from(trackingEvents).where(eq(trackingEvents.awb, awb)).orderBy(trackingEvents.at);
const webhookCount = async () => (await db().select({ rows: count() }).from(trackingWebhooks))[0]!.rows;

describe('POST /api/shipping/tracking', () => {
  it('refuses a webhook without the token, or with another, and stores nothing', async () => {
    const { awb } = await shippedCodOrder();
    const before = await webhookCount();
    for (const key of [null, '', 'not-the-token', `${WEBHOOK_TOKEN}x`]) {
      const answer = await postWebhook(webhookBody(awb, 7, 10), key);
      expect(answer.statusCode, String(key)).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    }
    await shop().services.jobs.runDue();
    expect(await webhookCount()).toBe(before);
    expect(await eventsOf(awb)).toEqual([]);
  });

  it('stores a webhook with the token and answers 200 at once; a body without a scan is kept and ignored', async () => {
    const before = await webhookCount();
    const answer = await postWebhook({ hello: 'Shiprocket testing the URL' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    await deliver();
    const stored = await db().select().from(trackingWebhooks);
    expect(stored).toHaveLength(before + 1);
    expect(stored.every((webhook) => webhook.appliedAt !== null)).toBe(true);
  });

  it('refuses a body that is not a JSON object with 400 {message}', async () => {
    const answer = await postWebhook([1, 2]);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(typeof answer.json().message).toBe('string');
  });

  it('stores webhooks that arrive together, each with its job, and applies each scan once (decision 0078)', async () => {
    const { awb } = await shippedCodOrder();
    const before = await webhookCount();
    // Three scans, each sent ten times, all at once: stored together in one batch.
    const bodies = [42, 18, 38].flatMap((statusId, step) =>
      Array.from({ length: 10 }, () => webhookBody(awb, statusId, 10 + step * 10, 'In transit')),
    );
    const answers = await Promise.all(bodies.map((body) => postWebhook(body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(bodies.length).fill(200));
    await deliver();
    expect(await webhookCount()).toBe(before + bodies.length);
    const unapplied = await db().select().from(trackingWebhooks).where(isNull(trackingWebhooks.appliedAt));
    expect(unapplied).toEqual([]);
    expect((await eventsOf(awb)).map((event) => [event.statusId, event.at.toISOString()])).toEqual([
      [42, utcOf(10)],
      [18, utcOf(20)],
      [38, utcOf(30)],
    ]);
  });

  it('applies a scan sent thrice and scans out of order once each, the newest deciding the state', async () => {
    const { awb, orderId, shopper, order } = await shippedCodOrder();
    const pickedUp = webhookBody(awb, 42, 10, 'Picked up');
    await deliver(pickedUp, pickedUp, webhookBody(awb, 18, 30, 'In transit'), pickedUp);
    // Older than the newest applied: it joins the list and changes nothing.
    await deliver(webhookBody(awb, 6, 5, 'Shipped'));
    expect((await eventsOf(awb)).map((event) => [event.status, event.at.toISOString()])).toEqual([
      ['shipped', utcOf(5)],
      ['picked_up', utcOf(10)],
      ['in_transit', utcOf(30)],
    ]);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.awb, awb));
    expect(shipment).toMatchObject({ trackingStatus: 'in_transit', lastScanAt: new Date(utcOf(30)) });
    expect((await storedOrder(shop(), orderId)).status).toBe('shipped');

    // The shopper's, the tracking page's and the back office's answers carry the list.
    const mine = await shop().app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shopper.bearer });
    expect(mine.json<{ order: Order }>().order.tracking).toEqual([
      { status: 'shipped', label: 'Shipped', location: 'Pune_Hub (Maharashtra)', at: utcOf(5) },
      { status: 'picked_up', label: 'Picked up', location: 'Pune_Hub (Maharashtra)', at: utcOf(10) },
      { status: 'in_transit', label: 'In transit', location: 'Pune_Hub (Maharashtra)', at: utcOf(30) },
    ]);
    const tracked = await shop().app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { orderId, email: order.email },
    });
    expect(tracked.json<{ order: TrackedOrder }>().order.tracking.map((entry) => entry.status)).toEqual([
      'shipped',
      'picked_up',
      'in_transit',
    ]);
    expect((await shop().services.orders.adminOrder(orderId)).tracking).toHaveLength(3);
  });

  it('delivers a cash-on-delivery order once, paid, with one mail; a later scan moves it no more', async () => {
    const { awb, orderId, order } = await shippedCodOrder();
    const delivered = webhookBody(awb, 7, 50, 'Delivered');
    await deliver(webhookBody(awb, 17, 40, 'Out for delivery'));
    expect(await queuedMails(shop(), order.email, `Your order #${orderId.slice(-6)} is out for delivery`)).toHaveLength(
      1,
    );
    await deliver(delivered, delivered);
    const stored = await storedOrder(shop(), orderId);
    expect(stored).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(stored.paidAt).not.toBeNull();
    expect(await queuedMails(shop(), order.email, `Your order #${orderId.slice(-6)} has been delivered`)).toHaveLength(
      1,
    );
    // A returned-to-origin scan after the delivery, and an old out-for-delivery one: listed, nothing moves or mails.
    await deliver(webhookBody(awb, 10, 70, 'RTO delivered'), webhookBody(awb, 17, 45, 'Out for delivery'));
    expect((await storedOrder(shop(), orderId)).status).toBe('delivered');
    expect(await queuedMails(shop(), order.email, `Your order #${orderId.slice(-6)} is out for delivery`)).toHaveLength(
      1,
    );
    expect(await queuedMails(shop(), order.email, `Your order #${orderId.slice(-6)} has been returned`)).toHaveLength(
      0,
    );
    expect((await eventsOf(awb)).map((event) => event.status)).toEqual([
      'out_for_delivery',
      'out_for_delivery',
      'delivered',
      'rto_delivered',
    ]);
  });

  it('names a status id it does not know `other`, answers 200 and moves nothing', async () => {
    const { awb, orderId } = await shippedCodOrder();
    await deliver(webhookBody(awb, 99, 10, 'Something new'));
    expect((await eventsOf(awb)).map((event) => [event.statusId, event.status])).toEqual([[99, 'other']]);
    expect((await storedOrder(shop(), orderId)).status).toBe('shipped');
  });
});

describe('a parcel returned to origin', () => {
  it('returns a paid prepaid order once: its stock back once, its payment refunded in full once, one mail', async () => {
    const { productId, shopper, orderId } = await world.prepaidOrder(7);
    const { merchantOrderId } = await startedPayment(shop(), shopper, orderId);
    await control(simulator(), `payments/${merchantOrderId}`, { outcome: 'COMPLETED' });
    expect(await world.waitForPayment(orderId, 'paid')).toBe('paid');
    const { awb, order } = await shippedOrder(orderId);
    expect(await storedStock(shop(), productId)).toBe(6);

    const returned = webhookBody(awb, 10, 90, 'RTO delivered');
    await deliver(webhookBody(awb, 9, 60, 'RTO initiated'), returned, returned);
    await deliver(returned);

    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'returned', paymentStatus: 'refund_pending' });
    expect(await storedStock(shop(), productId)).toBe(7);
    const movements = await movementsOf(shop(), productId);
    expect(movements.filter((movement) => movement.kind === 'return_to_origin')).toEqual([
      { kind: 'return_to_origin', quantity: 1, orderId },
    ]);
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountPaise: order.totalPricePaise,
      reason: 'Your order came back to us undelivered.',
    });
    // The job queue's run above sent it to the gateway already (the simulator), where it is pending.
    expect(['requested', 'pending']).toContain(refunds[0]!.state);
    expect(
      await queuedMails(shop(), order.email, `Your order #${orderId.slice(-6)} has been returned to us`),
    ).toHaveLength(1);

    // The refund goes to the gateway and completes there, once.
    if (refunds[0]!.state === 'requested') await runJobNow(shop(), REFUND_JOB, refunds[0]!.id);
    await control(simulator(), `refunds/${refunds[0]!.merchantRefundId}`, { outcome: 'COMPLETED' });
    expect(await world.waitForPayment(orderId, 'refunded')).toBe('refunded');
    await deliver(returned);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(1);
    expect(await storedStock(shop(), productId)).toBe(7);

    const mine = await shop().app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shopper.bearer });
    expect(mine.json<{ order: Order }>().order).toMatchObject({ orderStatus: 'returned', paymentStatus: 'refunded' });
  });
});

describe('the catch-up of a quiet parcel', () => {
  it('asks the courier about a shipment with no scan for the check time, and applies the scans whose webhooks were lost, once', async () => {
    const productId = await supplyProduct({ stock: 5 });
    const shopper = await verifiedShopper(shop());
    const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    const order = await storedOrder(shop(), orderId);
    // At Shiprocket (the simulator) through the adapter, as the shipment-creation route does.
    const { courier } = shop().services;
    const created = await courier.createOrder({
      orderId,
      orderedAt: new Date(),
      paymentMethod: 'cod',
      subTotalPaise: 49_900,
      items: [{ name: 'Brass diya', sku: productId, units: 1, sellingPricePaise: 49_900 }],
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
    const { awb, courierName } = await courier.assignAwb(created.shipmentId);
    const flow = shop().services.orderStatus;
    const admin = { actor: ownerActor() };
    await flow.changeByAdmin(orderId, 'confirmed', admin);
    await flow.changeByAdmin(orderId, 'packed', admin);
    await flow.changeByAdmin(orderId, 'shipped', admin, {
      courier: courierName,
      trackingNumber: awb,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
    });
    const shipment = await shipping().recordShipment({
      orderId: order.id,
      courierOrderId: created.courierOrderId,
      shipmentId: created.shipmentId,
      awb,
      courierName,
    });
    // Three scans at Shiprocket whose webhooks never arrive.
    for (const [statusId, minutes] of [
      [42, 10],
      [18, 20],
      [7, 30],
    ] as const) {
      const scan = await callJson(`${rig.simulator().controlUrl}/scans`, {
        json: { awb, statusId, location: 'Pune', at: utcOf(minutes), webhook: 'drop' },
      });
      expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    }
    // Not quiet yet: its job waits, and nothing is applied.
    await runJobNow(shop(), SHIPMENT_TRACK_JOB, shipment.id);
    expect(await eventsOf(awb)).toEqual([]);

    await db()
      .update(shipments)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(shipments.id, shipment.id));
    await runJobNow(shop(), SHIPMENT_TRACK_JOB, shipment.id);
    await runJobNow(shop(), SHIPMENT_TRACK_JOB, shipment.id); // asked again: nothing applies twice
    expect((await eventsOf(awb)).map((event) => event.status)).toEqual(['picked_up', 'in_transit', 'delivered']);
    expect(await storedOrder(shop(), orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const [after] = await db()
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, shipment.id)));
    expect(after).toMatchObject({ trackingStatus: 'delivered', lastScanAt: new Date(utcOf(30)) });
  });
});
