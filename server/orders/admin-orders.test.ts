import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '../platform/audit/actor.ts';
import { signedInAdmin } from '../testing/admin-session.ts';
import {
  orderBody,
  orderTestShop,
  placedOrderId,
  queuedMails,
  oldStaffBearer,
  storedStock,
  validAddress,
  verifiedShopper,
  type Shopper,
} from '../testing/orders.ts';
import { orders } from './schema.ts';
import type { AdminOrderListQuery } from '../../core/contracts/admin-orders.ts';
import type { Shipment } from '../../core/order.ts';

const { shop, supplyProduct } = orderTestShop();
const admin: AdminActor = { userId: randomUUID(), email: 'owner@example.in', role: 'owner', ip: '203.0.113.9' };
const shipment: Shipment = {
  courier: 'Delhivery',
  trackingNumber: 'DLV123456789',
  trackingUrl: 'https://www.delhivery.com/track/package/DLV123456789',
};
let shopper: Shopper;
let productId: string;
beforeAll(async () => {
  shopper = await verifiedShopper(shop());
  productId = await supplyProduct({ stock: 1000 });
});

const service = () => shop().services.orders;
/** Moving an order is the orderStatus flow's (decision 0063). */
const statusFlow = () => shop().services.orderStatus;
/** A place name no other test uses, so a filter on it finds only this test's orders. */
const uniqueState = () => `Teststate ${randomUUID().slice(0, 8)}`;
const uniquePhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const uniquePin = () => String(randomInt(100000, 999999));

/** A cash-on-delivery order of one unit shipped to the given address changes; returns its public id. */
const orderTo = (address: Partial<typeof validAddress> = {}) =>
  placedOrderId(
    shop(),
    shopper.bearer,
    orderBody([{ _id: productId, quantity: 1 }], { shippingAddress: { ...validAddress, ...address } }),
  );

/** Sets stored columns an API cannot (a past date, a prepaid payment) for a filter to find. */
const arrange = (orderId: string, changes: Partial<typeof orders.$inferInsert>) =>
  shop().services.database.db.update(orders).set(changes).where(eq(orders.orderId, orderId));

const list = (query: Partial<AdminOrderListQuery>) => service().adminList({ limit: 25, offset: 0, ...query });
const ids = async (query: Partial<AdminOrderListQuery>) => (await list(query)).orders.map((row) => row.orderId);

describe('the back office list of orders', () => {
  it('narrows by each filter, newest first, paged with the total count', async () => {
    const region = uniqueState();
    const placed = await orderTo({ state: region });
    const confirmed = await orderTo({ state: region });
    await statusFlow().changeByAdmin(confirmed, 'confirmed', { actor: admin });
    const prepaid = await orderTo({ state: region });
    await arrange(prepaid, { paymentMethod: 'prepaid', paymentStatus: 'paid', paidAt: new Date() });
    const older = await orderTo({ state: region });
    const olderAt = new Date(Date.now() - 3 * 86_400_000);
    await arrange(older, { createdAt: olderAt });

    expect(await ids({ region })).toEqual([prepaid, confirmed, placed, older]);
    expect(await ids({ region: region.toUpperCase(), status: 'confirmed' })).toEqual([confirmed]);
    expect(await ids({ region, paymentMethod: 'prepaid' })).toEqual([prepaid]);
    expect(await ids({ region, paymentMethod: 'cod' })).toEqual([confirmed, placed, older]);
    expect(await ids({ region, paymentState: 'paid' })).toEqual([prepaid]);
    const threeDaysAgo = new Date(olderAt.getTime() + 330 * 60_000).toISOString().slice(0, 10); // India's day
    expect(await ids({ region, from: threeDaysAgo, to: threeDaysAgo })).toEqual([older]);

    const firstPage = await list({ region, limit: 2 });
    expect(firstPage).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(firstPage.orders.map((row) => row.orderId)).toEqual([prepaid, confirmed]);
    expect(await ids({ region, limit: 2, offset: 2 })).toEqual([placed, older]);
    expect((await list({ region, status: 'delivered' })).total).toBe(0);
  });

  it('shows the row the list needs', async () => {
    const state = uniqueState();
    const orderId = await orderTo({ state, fname: 'Meera', lname: 'Iyer', pincode: '560001', phone: '9812345678' });
    const [row] = (await list({ region: state })).orders;
    expect(row).toMatchObject({
      orderId,
      customerName: 'Meera Iyer',
      email: shopper.email,
      phone: '9812345678',
      state,
      pincode: '560001',
      paymentMethod: 'cod',
      paymentState: 'pending',
      status: 'placed',
    });
    expect(row!.total).toBeGreaterThan(0);
    expect(Date.parse(row!.placedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('counts days in India time: just after midnight there is the next day', async () => {
    const region = uniqueState();
    const orderId = await orderTo({ state: region });
    await arrange(orderId, { createdAt: new Date('2026-03-09T18:40:00Z') }); // 10 March, 00:10 in India
    expect(await ids({ region, from: '2026-03-10', to: '2026-03-10' })).toEqual([orderId]);
    expect(await ids({ region, to: '2026-03-09' })).toEqual([]);
    expect(await ids({ region, from: '2026-03-11' })).toEqual([]);
  });

  it('narrows by PIN code', async () => {
    const pincode = uniquePin();
    const orderId = await orderTo({ pincode });
    await orderTo({ pincode: pincode === '999999' ? '999998' : String(Number(pincode) + 1) });
    expect(await ids({ region: pincode })).toEqual([orderId]);
  });

  it('finds an order by its id, whole or short, by e-mail and by phone', async () => {
    const phone = uniquePhone();
    const orderId = await orderTo({ phone });
    expect(await ids({ q: orderId })).toEqual([orderId]);
    expect(await ids({ q: ` ${orderId.toLowerCase()} ` })).toEqual([orderId]);
    expect(await ids({ q: `#${orderId.slice(-6)}` })).toContain(orderId);
    expect(await ids({ q: orderId.slice(-6).toLowerCase() })).toContain(orderId);
    expect(await ids({ q: phone })).toEqual([orderId]);
    expect(await ids({ q: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` })).toEqual([orderId]);

    const other = await verifiedShopper(shop());
    const theirs = await placedOrderId(shop(), other.bearer, orderBody([{ _id: productId, quantity: 1 }]));
    expect(await ids({ q: other.email.toUpperCase() })).toEqual([theirs]);
    expect(await ids({ q: other.email.split('@')[0] })).toEqual([theirs]);
    expect(await ids({ q: other.email.slice(2, 8) })).toContain(theirs); // six characters: a short id or e-mail
    expect(await ids({ q: 'nobody@example.in' })).toEqual([]);
  });

  it('exports the filtered orders as CSV, escaped, with formulas neutralised', async () => {
    const state = uniqueState();
    const orderId = await orderTo({ state, fname: '=HYPERLINK("https://evil.example")', lname: 'Rao, "Jr"' });
    await orderTo({ state: uniqueState() });
    const csv = await service().adminCsv({ region: state });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'Order ID,Placed at (IST),Customer,E-mail,Phone,State,PIN,Total (INR),Payment method,Payment state,Status',
    );
    expect(lines[1]).toContain(`${orderId},`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""https://evil.example"") Rao, ""Jr""",`);
    expect(lines[1]).toContain(',Cash on delivery,pending,Placed');
  });
});

describe('moving an order from the back office', () => {
  it('walks it to delivered with the tracking, mails each step, keeps who did it and audits before and after', async () => {
    const orderId = await orderTo();
    for (const status of ['confirmed', 'packed'] as const)
      await statusFlow().changeByAdmin(orderId, status, { actor: admin });
    const shipped = await statusFlow().changeByAdmin(orderId, 'shipped', { actor: admin }, shipment);
    expect(shipped).toMatchObject({ status: 'shipped', shipment });
    await statusFlow().changeByAdmin(orderId, 'delivered', { actor: admin });

    const order = await service().adminOrder(orderId);
    expect(order.timeline.map(({ status, by }) => [status, by])).toEqual([
      ['placed', 'shopper'],
      ['confirmed', admin.email],
      ['packed', admin.email],
      ['shipped', admin.email],
      ['delivered', admin.email],
    ]);
    expect(order).toMatchObject({ paymentState: 'paid', shipment });

    const short = `#${orderId.slice(-6)}`;
    for (const subject of ['Order confirmed', 'Order packed', 'Order delivered']) {
      expect(await queuedMails(shop(), shopper.email, `${subject}: ${short}`)).toHaveLength(1);
    }
    const [shippedMail] = await queuedMails(shop(), shopper.email, `Order shipped: ${short}`);
    expect(shippedMail!.text).toContain('Courier: Delhivery');
    expect(shippedMail!.text).toContain('Tracking number: DLV123456789');
    expect(shippedMail!.text).toContain(`Track the parcel: ${shipment.trackingUrl}`);
    expect(shippedMail!.html).toContain(`href="${shipment.trackingUrl}"`);

    const entries = await shop().services.audit.search({ targetType: 'order', targetId: orderId, limit: 10 });
    expect(entries.map((entry) => entry.action)).toEqual(Array(4).fill('order.status'));
    const shippedEntry = entries.find((entry) => (entry.after as { status: string }).status === 'shipped')!;
    expect(shippedEntry).toMatchObject({ adminEmail: admin.email, ip: admin.ip });
    expect(shippedEntry.before).toEqual({ status: 'packed', courier: null, trackingNumber: null, trackingUrl: null });
    expect(shippedEntry.after).toEqual({ status: 'shipped', ...shipment });
  });

  it('shows the tracking to the shopper: tracking by id and e-mail, and the account', async () => {
    const orderId = await orderTo();
    for (const status of ['confirmed', 'packed'] as const)
      await statusFlow().changeByAdmin(orderId, status, { actor: admin });
    await statusFlow().changeByAdmin(orderId, 'shipped', { actor: admin }, shipment);
    const tracked = await shop().app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { orderId, email: shopper.email },
    });
    expect(tracked.json().order).toMatchObject({ orderStatus: 'shipped', shipment });
    const mine = await shop().app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: shopper.bearer });
    expect(mine.json().order).toMatchObject({ orderStatus: 'shipped', shipment });
  });

  it('refuses a move that skips or goes back with 409 naming the current status, and writes nothing', async () => {
    const orderId = await orderTo();
    await expect(statusFlow().changeByAdmin(orderId, 'packed', { actor: admin })).rejects.toMatchObject({
      statusCode: 409,
      message: 'An order that is placed cannot become packed.',
    });
    await statusFlow().changeByAdmin(orderId, 'confirmed', { actor: admin });
    await expect(statusFlow().changeByAdmin(orderId, 'confirmed', { actor: admin })).rejects.toMatchObject({
      statusCode: 409,
      message: 'An order that is confirmed cannot become confirmed.',
    });
    const entries = await shop().services.audit.search({ targetId: orderId, limit: 10 });
    expect(entries).toHaveLength(1);
    expect((await service().adminOrder(orderId)).status).toBe('confirmed');
  });

  it('cancels with a reason: the stock returns, the shopper is mailed, the reason is audited', async () => {
    const ownProduct = await supplyProduct({ stock: 10 });
    const orderId = await placedOrderId(shop(), shopper.bearer, orderBody([{ _id: ownProduct, quantity: 3 }]));
    expect(await storedStock(shop(), ownProduct)).toBe(7);
    const cancelled = await statusFlow().changeByAdmin(orderId, 'cancelled', { actor: admin, reason: 'Out of area' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.timeline.at(-1)).toMatchObject({ status: 'cancelled', by: admin.email });
    expect(await storedStock(shop(), ownProduct)).toBe(10);
    expect(await queuedMails(shop(), shopper.email, `Order cancelled: #${orderId.slice(-6)}`)).toHaveLength(1);
    const [entry] = await shop().services.audit.search({ targetId: orderId, limit: 10 });
    expect(entry).toMatchObject({ action: 'order.cancel', reason: 'Out of area', adminEmail: admin.email });
    expect(entry!.before).toEqual({ status: 'placed', paymentStatus: 'pending' });
    expect(entry!.after).toEqual({ status: 'cancelled', paymentStatus: 'pending' });
  });

  it('refuses to cancel a packed order with 409, and audits nothing', async () => {
    const orderId = await orderTo();
    for (const status of ['confirmed', 'packed'] as const)
      await statusFlow().changeByAdmin(orderId, status, { actor: admin });
    await expect(
      statusFlow().changeByAdmin(orderId, 'cancelled', { actor: admin, reason: 'Changed mind' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const entries = await shop().services.audit.search({ targetId: orderId, action: 'order.cancel', limit: 10 });
    expect(entries).toEqual([]);
  });
});

describe('status changes, through the back office only (decision 0051)', () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await signedInAdmin(shop())).headers;
  });
  const moveTo = (orderId: string, payload: object) =>
    shop().app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers, payload });

  it('takes the tracking with shipped, all of it, over https', async () => {
    const orderId = await orderTo();
    for (const status of ['confirmed', 'packed']) expect((await moveTo(orderId, { status })).statusCode).toBe(200);
    const partial = await moveTo(orderId, { status: 'shipped', courier: 'Delhivery' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toEqual({ message: 'Enter the tracking number to mark the order shipped.' });
    const plainHttp = await moveTo(orderId, { status: 'shipped', ...shipment, trackingUrl: 'http://example.in/t/1' });
    expect(plainHttp.json()).toEqual({ message: 'The tracking link must be an https:// address.' });
    const shipped = await moveTo(orderId, { status: 'shipped', ...shipment });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().order.shipment).toEqual(shipment);
  });

  it('has no shopper-token staff route any more: POST /api/orders/{orderId}/status is a 404, and undocumented', async () => {
    const orderId = await orderTo();
    for (const bearer of [shopper.bearer, await oldStaffBearer(shop()), {}]) {
      const response = await shop().app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/status`,
        headers: bearer,
        payload: { status: 'confirmed' },
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await service().adminOrder(orderId)).status).toBe('placed');
    const document = (await shop().app.inject('/api/docs/json')).json<{ paths: Record<string, object> }>();
    expect(Object.keys(document.paths)).not.toContain('/api/orders/{orderId}/status');
    expect(Object.keys(document.paths)).toContain('/api/admin/orders/{orderId}/status');
  });
});
