import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, ilike, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../server/platform/db/client.ts';
import { ShiprocketError, invalidData } from './errors.ts';
import { DAY_MS, scanTime, webhookTimestamp } from './india-time.ts';
import { adhocOrderSchema, awbOf } from './orders.ts';
import {
  defaultServiceabilityRule,
  serviceabilityOf,
  type ServiceabilityRule,
  type SimulatedCourier,
} from './serviceability.ts';
import { RETURN_STATUSES, statusLabel } from './statuses.ts';
import {
  simulatorShiprocketDocuments,
  simulatorShiprocketOrders,
  simulatorShiprocketScans,
  simulatorShiprocketTokens,
} from './schema.ts';
import type { WebhookSender } from './webhooks.ts';

export interface ShiprocketCredentials {
  email: string;
  password: string;
}

type OrderRow = typeof simulatorShiprocketOrders.$inferSelect;
type ScanRow = typeof simulatorShiprocketScans.$inferSelect;

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const loginSchema = z.object({ email: z.string(), password: z.string() });
const shipmentIdsSchema = z.object({
  shipment_id: z
    .union([z.array(z.coerce.number().int()), z.coerce.number().int()])
    .transform((value) => (Array.isArray(value) ? value : [value])),
});
const assignSchema = z.object({
  shipment_id: z.coerce.number().int(),
  courier_id: z.coerce.number().int().optional(),
});

/** How a scan's webhook goes out: now, held for a later release (reordering), or lost (the scan stays). */
export type WebhookDelivery = 'send' | 'hold' | 'drop';

/** Shiprocket's side, kept in its tables; faults, counters, held webhooks and the rule live in this process. */
export class ShiprocketSimulator {
  rule: ServiceabilityRule = defaultServiceabilityRule();
  private logins = 0;
  /** Per channel order id: create calls that reached the work (an injected fault first stops one), and orders created. */
  private readonly creates = new Map<string, { attempts: number; created: number }>();
  private held: WebhookBody[] = [];

  constructor(
    private readonly options: {
      db: Db;
      credentials: ShiprocketCredentials;
      pickupLocations: Record<string, string>;
      tokenTtlSeconds: number;
      webhooks: WebhookSender;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  async login(body: unknown) {
    const { email, password } = loginSchema.parse(body ?? {});
    this.logins++;
    const { credentials } = this.options;
    if (!sameSecret(email, credentials.email) || !sameSecret(password, credentials.password))
      throw new ShiprocketError(401, 'Invalid email and password combination');
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.options.tokenTtlSeconds;
    // JWT-shaped, as Shiprocket's are; the simulator only looks it up, so the signature is random.
    const token = [
      base64url({ typ: 'JWT', alg: 'HS256' }),
      base64url({ iss: 'shiprocket-simulator', iat: issuedAt, exp: expiresAt, jti: randomBytes(8).toString('hex') }),
      randomBytes(32).toString('base64url'),
    ].join('.');
    // Ended tokens are of no use to anyone: the table stays as small as the live ones.
    await this.db.delete(simulatorShiprocketTokens).where(lt(simulatorShiprocketTokens.expiresAt, new Date()));
    await this.db.insert(simulatorShiprocketTokens).values({ token, email, expiresAt: new Date(expiresAt * 1000) });
    return {
      id: 1,
      first_name: 'API',
      last_name: 'User',
      email,
      company_id: 1,
      created_at: new Date(issuedAt * 1000).toISOString(),
      token,
    };
  }

  async authorize(header: string | undefined): Promise<void> {
    const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    if (!token) throw new ShiprocketError(401, 'Unauthenticated.');
    const [row] = await this.db
      .select({ token: simulatorShiprocketTokens.token })
      .from(simulatorShiprocketTokens)
      .where(and(eq(simulatorShiprocketTokens.token, token), gt(simulatorShiprocketTokens.expiresAt, new Date())))
      .limit(1);
    if (!row) throw new ShiprocketError(401, 'Token has expired');
  }

  /** Ends every token now, as its expiry would: the next call gets 401. */
  async revokeTokens(): Promise<number> {
    const ended = await this.db
      .update(simulatorShiprocketTokens)
      .set({ expiresAt: new Date() })
      .where(gt(simulatorShiprocketTokens.expiresAt, new Date()))
      .returning({ token: simulatorShiprocketTokens.token });
    return ended.length;
  }

  counters() {
    return { logins: this.logins, orders: Object.fromEntries(this.creates) };
  }

  resetCounters(): void {
    this.logins = 0;
    this.creates.clear();
  }

  serviceability(query: Record<string, string | undefined>) {
    const errors: Record<string, string[]> = {};
    const pin = (key: string) => {
      const value = query[key] ?? '';
      if (!/^\d{6}$/.test(value)) errors[key] = [`The ${key.replace('_', ' ')} must be 6 digits.`];
      return value;
    };
    const pickup = pin('pickup_postcode');
    const delivery = pin('delivery_postcode');
    if (query.order_id === undefined) {
      if (query.cod !== '0' && query.cod !== '1')
        errors.cod = ['The cod field is required when order id is not present.'];
      if (!(Number(query.weight) > 0)) errors.weight = ['The weight field is required when order id is not present.'];
    }
    if (Object.keys(errors).length) throw invalidData(errors);
    return { verdict: serviceabilityOf(this.rule, pickup, delivery), weightKg: Number(query.weight ?? 0.5) };
  }

  async createOrder(body: unknown) {
    const raw = (body ?? {}) as Record<string, unknown>;
    const channelOrderId = typeof raw.order_id === 'string' ? raw.order_id : String(raw.order_id ?? '');
    const count = this.creates.get(channelOrderId) ?? { attempts: 0, created: 0 };
    count.attempts++;
    this.creates.set(channelOrderId, count);
    const order = adhocOrderSchema.parse(raw);
    const pickupPin = this.options.pickupLocations[order.pickup_location];
    if (!pickupPin)
      throw new ShiprocketError(422, 'Wrong Pickup location entered. Please choose one location from data given', {
        data: Object.keys(this.options.pickupLocations).map((pickup_location) => ({ pickup_location })),
      });
    const [row] = await this.db
      .insert(simulatorShiprocketOrders)
      .values({
        channelOrderId: order.order_id,
        paymentMethod: order.payment_method.toUpperCase() === 'COD' ? 'COD' : 'Prepaid',
        deliveryPin: order.billing_pincode,
        pickupPin,
        request: raw,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw invalidData({
        order_id: [`Order Id ${order.order_id} has already been taken. Please use a new order id.`],
      });
    count.created++;
    return {
      order_id: row.id,
      channel_order_id: row.channelOrderId,
      shipment_id: row.shipmentId,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: '',
      courier_company_id: '',
      courier_name: '',
    };
  }

  /** GET /orders?search=: Shiprocket matches any part of the channel order id, newest first. */
  async searchOrders(search: string | undefined) {
    const rows = search
      ? await this.db
          .select()
          .from(simulatorShiprocketOrders)
          .where(ilike(simulatorShiprocketOrders.channelOrderId, `%${search.replace(/[\\%_]/g, '\\$&')}%`))
          .orderBy(asc(simulatorShiprocketOrders.id))
      : [];
    return {
      data: rows.reverse().map((row) => ({
        id: row.id,
        channel_order_id: row.channelOrderId,
        status: row.status,
        payment_method: row.paymentMethod.toLowerCase(),
        created_at: scanTime(row.createdAt),
        shipments: [{ id: row.shipmentId, awb: row.awb ?? '', courier: row.courierName ?? '' }],
      })),
      meta: { pagination: { total: rows.length, count: rows.length, per_page: 15, current_page: 1, total_pages: 1 } },
    };
  }

  private async shipment(shipmentId: number): Promise<OrderRow> {
    const [row] = await this.db
      .select()
      .from(simulatorShiprocketOrders)
      .where(eq(simulatorShiprocketOrders.shipmentId, shipmentId));
    if (!row) throw new ShiprocketError(400, `Shipment id ${shipmentId} does not exist`);
    return row;
  }

  private async shipments(ids: number[]): Promise<OrderRow[]> {
    if (!ids.length) throw invalidData({ shipment_id: ['The shipment id field is required.'] });
    return this.db.select().from(simulatorShiprocketOrders).where(inArray(simulatorShiprocketOrders.shipmentId, ids));
  }

  async assignAwb(body: unknown) {
    const { shipment_id, courier_id } = assignSchema.parse(body ?? {});
    const row = await this.shipment(shipment_id);
    // Assigned already: answered again, so a retried assign resumes (Shiprocket asks for status "reassign" instead).
    if (!row.awb) {
      const verdict = serviceabilityOf(this.rule, row.pickupPin, row.deliveryPin);
      const couriers: SimulatedCourier[] = verdict.kind === 'served' ? verdict.couriers : [];
      const usable = couriers.filter((courier) => row.paymentMethod !== 'COD' || courier.cod === 1);
      const courier =
        courier_id === undefined
          ? [...usable].sort((a, b) => a.rate - b.rate)[0]
          : usable.find((candidate) => candidate.courier_company_id === courier_id);
      if (!courier)
        return {
          awb_assign_status: 0,
          response: { data: { awb_assign_error: `No courier serves ${row.deliveryPin} for this shipment` } },
        };
      const awb = awbOf(row.shipmentId, courier.courier_company_id);
      await this.db
        .update(simulatorShiprocketOrders)
        .set({ awb, courierId: courier.courier_company_id, courierName: courier.courier_name, status: 'READY TO SHIP' })
        .where(eq(simulatorShiprocketOrders.id, row.id));
      Object.assign(row, { awb, courierId: courier.courier_company_id, courierName: courier.courier_name });
    }
    return {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: row.courierId,
          awb_code: row.awb,
          order_id: row.id,
          shipment_id: row.shipmentId,
          courier_name: row.courierName,
          assigned_date_time: { date: scanTime(new Date()), timezone: 'Asia/Kolkata' },
        },
      },
    };
  }

  async schedulePickup(body: unknown) {
    const { shipment_id } = shipmentIdsSchema.parse(body ?? {});
    const row = await this.shipment(shipment_id[0]!);
    if (!row.awb) throw new ShiprocketError(400, 'Please assign AWB before generating pickup');
    if (row.pickupScheduledAt) throw new ShiprocketError(400, 'Already in Pickup Queue.');
    const pickupAt = new Date(Date.now() + DAY_MS);
    await this.db
      .update(simulatorShiprocketOrders)
      .set({ pickupScheduledAt: pickupAt, status: 'PICKUP SCHEDULED' })
      .where(eq(simulatorShiprocketOrders.id, row.id));
    return {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: scanTime(pickupAt),
        pickup_token_number: `Reference No: ${row.shipmentId}`,
        status: 3,
        data: `Pickup is scheduled for ${scanTime(pickupAt).slice(0, 10)}`,
      },
    };
  }

  async label(body: unknown, urlOf: (documentId: string) => string) {
    const { shipment_id } = shipmentIdsSchema.parse(body ?? {});
    const rows = await this.shipments(shipment_id);
    const ready = rows.filter((row) => row.awb).map((row) => row.shipmentId);
    const notCreated = shipment_id.filter((id) => !ready.includes(id));
    if (!ready.length)
      return { label_created: 0, label_url: '', not_created: notCreated, response: 'AWB not assigned' };
    const id = randomBytes(12).toString('hex');
    await this.db.insert(simulatorShiprocketDocuments).values({ id, kind: 'label', shipmentIds: ready });
    return {
      label_created: 1,
      label_url: urlOf(id),
      response: 'Label has been created and uploaded successfully!',
      not_created: notCreated,
    };
  }

  async manifest(body: unknown, urlOf: (documentId: string) => string) {
    const { shipment_id } = shipmentIdsSchema.parse(body ?? {});
    const rows = await this.shipments(shipment_id);
    const missing = shipment_id.filter((id) => !rows.some((row) => row.shipmentId === id && row.awb));
    if (missing.length) throw new ShiprocketError(400, `AWB not assigned for shipment(s) ${missing.join(', ')}`);
    const manifested = rows.filter((row) => row.manifestId).map((row) => row.shipmentId);
    if (manifested.length)
      throw new ShiprocketError(400, 'Manifest already generated for some shipments', {
        already_manifested_shipment_ids: manifested,
      });
    const id = randomBytes(12).toString('hex');
    await this.db.transaction(async (tx) => {
      await tx.insert(simulatorShiprocketDocuments).values({ id, kind: 'manifest', shipmentIds: shipment_id });
      await tx
        .update(simulatorShiprocketOrders)
        .set({ manifestId: id })
        .where(inArray(simulatorShiprocketOrders.shipmentId, shipment_id));
    });
    return { status: 1, manifest_url: urlOf(id) };
  }

  async document(id: string) {
    const [document] = await this.db
      .select()
      .from(simulatorShiprocketDocuments)
      .where(eq(simulatorShiprocketDocuments.id, id));
    if (!document) throw new ShiprocketError(404, 'No such document');
    const rows = await this.shipments(document.shipmentIds);
    return { document, shipments: rows };
  }

  private async orderOfAwb(awb: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(simulatorShiprocketOrders).where(eq(simulatorShiprocketOrders.awb, awb));
    return row;
  }

  private scansOf(awb: string): Promise<ScanRow[]> {
    return this.db
      .select()
      .from(simulatorShiprocketScans)
      .where(eq(simulatorShiprocketScans.awb, awb))
      .orderBy(asc(simulatorShiprocketScans.at), asc(simulatorShiprocketScans.id));
  }

  /** GET /courier/track/awb/{awb}: activities newest first, as Shiprocket lists them. */
  async track(awb: string) {
    const order = await this.orderOfAwb(awb);
    const scans = await this.scansOf(awb);
    if (!order)
      return {
        tracking_data: {
          track_status: 0,
          shipment_status: 0,
          error: `Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.`,
        },
      };
    const latest = scans.at(-1);
    return {
      tracking_data: {
        track_status: 1,
        shipment_status: latest?.statusId ?? 1,
        shipment_track: [
          {
            awb_code: awb,
            courier_company_id: order.courierId,
            shipment_id: order.shipmentId,
            order_id: order.id,
            current_status: statusLabel(latest?.statusId ?? 1),
            destination: order.deliveryPin,
            origin: order.pickupPin,
          },
        ],
        shipment_track_activities: [...scans].reverse().map(activityOf),
        track_url: `https://shiprocket.co/tracking/${awb}`,
        etd: scanTime(new Date(order.createdAt.getTime() + 5 * DAY_MS)),
      },
    };
  }

  /** A courier's scan: recorded, then its webhook sent, held or lost as asked. */
  async addScan(input: ScanInput) {
    const order = await this.orderOfAwb(input.awb);
    if (!order) throw new ShiprocketError(404, `No shipment has AWB ${input.awb}`);
    const [scan] = await this.db
      .insert(simulatorShiprocketScans)
      .values({
        awb: input.awb,
        statusId: input.statusId,
        currentStatusId: input.currentStatusId ?? input.statusId,
        activity: input.activity ?? statusLabel(input.statusId),
        location: input.location ?? null,
        at: input.at ? new Date(input.at) : new Date(),
      })
      .returning();
    const body = this.webhookBody(order, await this.scansOf(input.awb), scan!);
    if (input.webhook === 'send') void this.options.webhooks.send(body);
    else if (input.webhook === 'hold') this.held.push(body);
    return { scan: { ...scan!, at: scan!.at.toISOString() }, webhook: input.webhook === 'drop' ? null : body };
  }

  /**
   * Sends the webhooks held so far, one after another, in the order they were held or the reverse (an
   * out-of-order delivery); answers once they are delivered.
   */
  async releaseHeld(order: 'held' | 'reverse'): Promise<number> {
    const bodies = order === 'reverse' ? [...this.held].reverse() : this.held;
    this.held = [];
    for (const body of bodies) await this.options.webhooks.send(body);
    return bodies.length;
  }

  /** The webhook of the AWB's latest scan (or of the scan given) sent again, `times` times, one after another. */
  async repeatWebhook(awb: string, times: number, scanId?: number) {
    const order = await this.orderOfAwb(awb);
    const scans = await this.scansOf(awb);
    const scan = scanId === undefined ? scans.at(-1) : scans.find((candidate) => candidate.id === scanId);
    if (!order || !scan) throw new ShiprocketError(404, `No scan to repeat for AWB ${awb}`);
    const body = this.webhookBody(order, scans, scan);
    for (let sent = 0; sent < times; sent++) await this.options.webhooks.send(body);
    return body;
  }

  /** The tracking webhook's body for `scan`, with every scan up to it, as in Shiprocket's sample. */
  private webhookBody(order: OrderRow, scans: ScanRow[], scan: ScanRow): WebhookBody {
    const upTo = scans.filter((other) => other.at.getTime() <= scan.at.getTime());
    return {
      awb: scan.awb,
      courier_name: order.courierName ?? '',
      current_status: statusLabel(scan.currentStatusId),
      current_status_id: scan.currentStatusId,
      shipment_status: statusLabel(scan.statusId),
      shipment_status_id: scan.statusId,
      current_timestamp: webhookTimestamp(scan.at),
      order_id: order.channelOrderId,
      sr_order_id: order.id,
      awb_assigned_date: scanTime(order.createdAt),
      pickup_scheduled_date: order.pickupScheduledAt ? scanTime(order.pickupScheduledAt) : null,
      etd: scanTime(new Date(order.createdAt.getTime() + 5 * DAY_MS)),
      scans: upTo.map(activityOf),
      is_return: RETURN_STATUSES.has(scan.statusId) ? 1 : 0,
      channel_id: 1,
      pod_status: scan.statusId === 7 ? 'OTP Based Delivery' : '',
      pod: scan.statusId === 7 ? 'Not Available' : '',
    };
  }
}

type WebhookBody = Record<string, unknown> & { awb: string; shipment_status_id: number };

export interface ScanInput {
  awb: string;
  statusId: number;
  currentStatusId?: number;
  activity?: string;
  location?: string;
  at?: string;
  webhook: WebhookDelivery;
}

function activityOf(scan: ScanRow) {
  return {
    date: scanTime(scan.at),
    status: `X-${scan.currentStatusId}`,
    activity: scan.activity,
    location: scan.location ?? '',
    'sr-status': String(scan.statusId),
    'sr-status-label': statusLabel(scan.statusId),
  };
}
