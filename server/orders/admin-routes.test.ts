import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderBody, orderTestShop, placedOrderId, validAddress, verifiedShopper } from '../testing/orders.ts';
import { signedInAdmin, type SignedInAdmin } from '../testing/admin-session.ts';
import { CANCEL_REASON_MESSAGE } from '../../core/contracts/admin-orders.ts';
import { SHIPMENT_MESSAGES } from '../../core/contracts/orders.ts';

const { shop, supplyProduct } = orderTestShop();
let admin: SignedInAdmin;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  admin = await signedInAdmin(shop(), 'staff');
  asAdmin = admin.headers;
});

const get = (url: string, headers = asAdmin) => shop().app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers = asAdmin) =>
  shop().app.inject({ method: 'POST', url, headers, payload });

async function newOrder(state = `Routestate ${randomUUID().slice(0, 8)}`) {
  const shopper = await verifiedShopper(shop());
  const productId = await supplyProduct({ stock: 10 });
  const orderId = await placedOrderId(
    shop(),
    shopper.bearer,
    orderBody([{ _id: productId, quantity: 1 }], { shippingAddress: { ...validAddress, state, fname: '+SUM(A1)' } }),
  );
  return { orderId, state, shopper };
}

describe('the admin order routes', () => {
  it('refuses visitors and shoppers with 403, and leaves the order as it was', async () => {
    const { orderId, shopper } = await newOrder();
    for (const headers of [{}, shopper.bearer]) {
      for (const response of [
        await get('/api/admin/orders', headers),
        await get('/api/admin/orders.csv', headers),
        await get(`/api/admin/orders/${orderId}`, headers),
        await post(`/api/admin/orders/${orderId}/status`, { status: 'confirmed' }, headers),
        await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'x' }, headers),
      ]) {
        expect(response.statusCode).toBe(403);
      }
    }
    expect((await get(`/api/admin/orders/${orderId}`)).json().order.status).toBe('placed');
  });

  it('lists with filters from the query string, and answers 400 for a bad one', async () => {
    const { orderId, state } = await newOrder();
    const listed = await get(`/api/admin/orders?region=${encodeURIComponent(state)}&status=placed&paymentMethod=`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, limit: 25, offset: 0, orders: [{ orderId }] });
    const bad = await get('/api/admin/orders?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'limit must be at most 100' });
  });

  it('downloads the filtered orders as a CSV file', async () => {
    const { orderId, state } = await newOrder();
    const response = await get(`/api/admin/orders.csv?region=${encodeURIComponent(state)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row, end] = response.body.split('\r\n');
    expect(header).toMatch(/^Order ID,/);
    expect(row).toMatch(new RegExp(`^${orderId},`));
    expect(row).toContain(`,'+SUM(A1) Verma,`); // a name that starts like a formula, neutralised
    expect(end).toBe('');
  });

  it('refuses an export over its documented bound with 409, asking for narrower filters', async () => {
    const { state } = await newOrder();
    await newOrder(state);
    await expect(shop().services.orders.adminCsv({ region: state }, 1)).rejects.toMatchObject({
      statusCode: 409,
      message: 'More than 1 orders match: narrow the filters, such as the dates.',
    });
    expect(await shop().services.orders.adminCsv({ region: state }, 2)).toMatch(/^Order ID,/);
  });

  it('shows one order with its timeline, payments and audit entries; 404 for an unknown one', async () => {
    const { orderId } = await newOrder();
    expect((await post(`/api/admin/orders/${orderId}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const response = await get(`/api/admin/orders/${orderId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.order).toMatchObject({ orderId, status: 'confirmed', items: [{ quantity: 1 }], shipment: null });
    expect(detail.order.items[0].image).toMatch(/^https?:\/\/|^\//);
    expect(detail.order.timeline.map((step: { by: string }) => step.by)).toEqual(['shopper', admin.email]);
    expect(detail.payments).toEqual({ attempts: [], events: [], refunds: [] });
    expect(detail.audit).toMatchObject([
      { action: 'order.status', adminEmail: admin.email, before: { status: 'placed' }, after: { status: 'confirmed' } },
    ]);
    expect((await get('/api/admin/orders/ABCDEFGHJKMNPQRSTVWXYZ01')).statusCode).toBe(404);
  });

  it('needs the tracking to ship (400), refuses a skipped step (409) and a cancellation without a reason (400)', async () => {
    const { orderId } = await newOrder();
    const skipped = await post(`/api/admin/orders/${orderId}/status`, { status: 'packed' });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toEqual({ message: 'An order that is placed cannot become packed.' });
    for (const status of ['confirmed', 'packed']) {
      expect((await post(`/api/admin/orders/${orderId}/status`, { status })).statusCode).toBe(200);
    }
    const untracked = await post(`/api/admin/orders/${orderId}/status`, { status: 'shipped' });
    expect(untracked.statusCode).toBe(400);
    expect(untracked.json()).toEqual({ message: SHIPMENT_MESSAGES.courier });
    const tracking = { courier: 'DTDC', trackingNumber: 'D7788', trackingUrl: 'https://www.dtdc.in/track?D7788' };
    const shipped = await post(`/api/admin/orders/${orderId}/status`, { status: 'shipped', ...tracking });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({ status: 'shipped', shipment: tracking });

    const other = await newOrder();
    for (const payload of [undefined, {}, { reason: '  ' }]) {
      const refused = await post(`/api/admin/orders/${other.orderId}/cancel`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: CANCEL_REASON_MESSAGE });
    }
    const cancelled = await post(`/api/admin/orders/${other.orderId}/cancel`, { reason: 'Duplicate order' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('cancelled');
  });
});
