import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../server/testing/postgres.ts';
import { adhocOrder, callJson, shiprocketRig, uniqueOrderId, WEBHOOK_TOKEN } from './testing/rig.ts';

const { simulator, received } = shiprocketRig(createScratchDatabase);
const api = (path: string) => `${simulator().apiUrl}${path}`;
const control = (path: string, json?: unknown, method?: string) =>
  callJson(`${simulator().controlUrl}${path}`, { json, method });

async function login(): Promise<string> {
  const answer = await callJson<{ token: string }>(api('/auth/login'), { json: simulator().credentials });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

async function shippedOrder(token: string) {
  const orderId = uniqueOrderId();
  const created = await callJson<{ shipment_id: number }>(api('/orders/create/adhoc'), {
    token,
    json: adhocOrder(orderId),
  });
  expect(created.status).toBe(200);
  const assigned = await callJson<{ response: { data: { awb_code: string } } }>(api('/courier/assign/awb'), {
    token,
    json: { shipment_id: created.body.shipment_id },
  });
  return { orderId, shipmentId: created.body.shipment_id, awb: assigned.body.response.data.awb_code };
}

const waitFor = async <T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> => {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 20))) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error('timed out');
};

describe('Shiprocket simulator', () => {
  it('logs in the API user with a JWT-shaped token, refuses others with 401, and a revoked token', async () => {
    const wrong = await callJson(api('/auth/login'), { json: { email: simulator().credentials.email, password: 'x' } });
    expect(wrong.status).toBe(401);
    const token = await login();
    expect(token.split('.')).toHaveLength(3);
    expect((await callJson(api('/orders?search=x'), { token })).status).toBe(200);
    expect((await callJson(api('/orders?search=x'))).status).toBe(401);
    await control('/tokens/revoke', {});
    expect((await callJson(api('/orders?search=x'), { token })).status).toBe(401);
  });

  it('validates a create as Shiprocket does, and refuses an order id that is taken with 422', async () => {
    const token = await login();
    const missing = await callJson<{ message: string; errors: Record<string, string[]> }>(api('/orders/create/adhoc'), {
      token,
      json: { ...adhocOrder(uniqueOrderId()), billing_phone: undefined, weight: undefined },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      billing_phone: ['The billing phone field is required.'],
      weight: ['The weight field is required.'],
    });
    const orderId = uniqueOrderId();
    expect((await callJson(api('/orders/create/adhoc'), { token, json: adhocOrder(orderId) })).status).toBe(200);
    const again = await callJson<{ message: string }>(api('/orders/create/adhoc'), {
      token,
      json: adhocOrder(orderId),
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(new RegExp(`Order Id ${orderId} has already been taken`));
    const found = await callJson<{ data: { channel_order_id: string }[] }>(api(`/orders?search=${orderId}`), { token });
    expect(found.body.data.map((order) => order.channel_order_id)).toEqual([orderId]);
    const counters = await control('/counters');
    expect((counters.body.orders as Record<string, unknown>)[orderId]).toEqual({ attempts: 2, created: 1 });
  });

  it('answers unserviceable PINs in both forms, by the rule the control API sets', async () => {
    const token = await login();
    const ask = (pin: string) =>
      callJson(api(`/courier/serviceability?pickup_postcode=110001&delivery_postcode=${pin}&cod=1&weight=0.5`), {
        token,
      });
    expect((await ask('900001')).status).toBe(404);
    const bodyForm = await ask('900002');
    expect(bodyForm.status).toBe(200);
    expect(bodyForm.body.status).toBe(404);
    const noCod = await ask('800001');
    const couriers = (noCod.body.data as { available_courier_companies: { cod: number }[] })
      .available_courier_companies;
    expect(couriers.length).toBeGreaterThan(0);
    expect(couriers.every((courier) => courier.cod === 0)).toBe(true);
    await control('/serviceability', { unserviceablePins: ['500001'], unserviceablePrefixes: [] }, 'PUT');
    expect((await ask('500001')).status).toBe(404);
    expect((await ask('900001')).status).toBe(200);
    await control('/serviceability', {}, 'PUT');
  });

  it('schedules a pickup once, serves the label as a PDF, and sends, holds, reorders and loses webhooks', async () => {
    const token = await login();
    const { orderId, shipmentId, awb } = await shippedOrder(token);
    const pickup = { token, json: { shipment_id: [shipmentId] } };
    expect((await callJson(api('/courier/generate/pickup'), pickup)).status).toBe(200);
    const twice = await callJson(api('/courier/generate/pickup'), pickup);
    expect([twice.status, twice.body.message]).toEqual([400, 'Already in Pickup Queue.']);
    const label = await callJson<{ label_url: string }>(api('/courier/generate/label'), pickup);
    const pdf = Buffer.from(await (await fetch(label.body.label_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await control('/scans', { awb, statusId: 42, location: 'Delhi', at: '2026-12-04T06:13:52.000Z' });
    const first = await waitFor(() => received.find((hook) => hook.body.awb === awb));
    expect(first.headers['x-api-key']).toBe(WEBHOOK_TOKEN);
    expect(first.body).toMatchObject({
      awb,
      order_id: orderId,
      current_status_id: 42,
      shipment_status_id: 42,
      shipment_status: 'PICKED UP',
      current_timestamp: '04 12 2026 11:43:52',
      is_return: 0,
      scans: [{ date: '2026-12-04 11:43:52', location: 'Delhi', 'sr-status': '42' }],
    });
    await control('/scans', { awb, statusId: 18, at: '2026-12-05T06:00:00.000Z', webhook: 'hold' });
    await control('/scans', { awb, statusId: 17, at: '2026-12-06T06:00:00.000Z', webhook: 'hold' });
    await control('/scans', { awb, statusId: 7, at: '2026-12-06T09:00:00.000Z', webhook: 'drop' });
    expect((await control('/webhooks/release', { order: 'reverse' })).body.released).toBe(2);
    await control('/webhooks/repeat', { awb, times: 2 });
    await control('/webhooks?idle=1');
    const statuses = received.filter((hook) => hook.body.awb === awb).map((hook) => hook.body.shipment_status_id);
    expect(statuses.slice(0, 3)).toEqual([42, 17, 18]);
    expect(statuses.slice(3)).toEqual([7, 7]);

    const tracked = await callJson<{ tracking_data: { shipment_track_activities: { 'sr-status': string }[] } }>(
      api(`/courier/track/awb/${awb}`),
      { token },
    );
    expect(tracked.body.tracking_data.shipment_track_activities.map((scan) => scan['sr-status'])).toEqual([
      '7',
      '17',
      '18',
      '42',
    ]);
  });
});
