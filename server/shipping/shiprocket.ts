/**
 * Shiprocket's API v1 over HTTP (../shared/docs/india-integrations.md section 1, decision 0073): Shiprocket itself,
 * or the local simulator (simulators/shiprocket), which speaks the same protocol. A login token shared by every
 * caller, a timeout on every call, bounded retries, and an order created once.
 */
import { request } from 'undici';
import {
  CourierError,
  type AssignedAwb,
  type Courier,
  type CourierOption,
  type CourierOrder,
  type CreatedCourierOrder,
  type ServiceabilityQuery,
  type TrackingScan,
} from './courier.ts';
import { indiaDate, parseEtd, parseIndiaTime } from './india-dates.ts';

export const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in/v1/external';

export interface ShiprocketOptions {
  /** Shiprocket's API base, the paths appended (SHIPROCKET_API_URL). */
  apiUrl: string;
  /** The API user's (Settings > API in Shiprocket's panel; not the panel's own login). */
  email: string;
  password: string;
  /** The pickup address's nickname in Shiprocket's panel (SHIPROCKET_PICKUP_LOCATION). */
  pickupLocation: string;
  /** Per HTTP attempt (SHIPROCKET_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Further tries after a timeout, a network error, a 429 or a 5xx. */
  retries?: number;
  /** The first pause between tries; it doubles each time. */
  backoffMs?: number;
  /** How long a token is used before a new login: Shiprocket's last 10 days, so 9 leaves a day's margin. */
  tokenRenewMs?: number;
  now?: () => number;
}

type Answer = { status: number; body: Record<string, unknown> };
type Method = 'GET' | 'POST';

const TOKEN_RENEW_MS = 9 * 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const int = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
};
/** Rupees with paise, as Shiprocket's prices are written. */
const rupees = (paise: number) => Math.round(paise) / 100;

/** Shiprocket's refusal in words: its message, and each field's sentences when it lists them. */
function refusalOf(answer: Answer): string {
  const message = text(answer.body.message) || `Shiprocket answered ${answer.status}`;
  const fields = Object.values(record(answer.body.errors)).flatMap((sentences) => list(sentences).map(text));
  const more = fields.filter((sentence) => sentence && !message.includes(sentence));
  return [message, ...more].join(' ');
}

const alreadyTaken = (error: unknown) =>
  error instanceof CourierError && error.kind === 'refused' && /already been taken/i.test(error.message);

export class ShiprocketCourier implements Courier {
  private token: { value: string; renewAt: number } | null = null;
  private login: Promise<{ value: string; renewAt: number }> | null = null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ShiprocketOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  async serviceability(query: ServiceabilityQuery): Promise<CourierOption[]> {
    const search = new URLSearchParams({
      pickup_postcode: query.pickupPin,
      delivery_postcode: query.deliveryPin,
      cod: query.cod ? '1' : '0',
      weight: String(query.weightKg),
    });
    const answer = await this.call('GET', `/courier/serviceability?${search}`, undefined, { expect404: true });
    // Unserviceable, in either of Shiprocket's forms: HTTP 404, or a 200 whose body says 404.
    if (answer.status === 404 || int(answer.body.status) === 404) return [];
    return list(record(answer.body.data).available_courier_companies).map((entry) => {
      const courier = record(entry);
      return {
        courierId: int(courier.courier_company_id) ?? 0,
        name: text(courier.courier_name),
        cod: int(courier.cod) === 1,
        etd: parseEtd(courier.etd),
      };
    });
  }

  /**
   * Creates the order under our order id, once: Shiprocket has no idempotency key, so after an answer that leaves
   * the outcome unknown (a timeout, a 5xx) or says the id is taken, the order is looked for first and, found, used.
   */
  async createOrder(order: CourierOrder): Promise<CreatedCourierOrder> {
    const body = this.adhocOrder(order);
    for (let attempt = 0; ; attempt++) {
      try {
        const { body: created } = await this.call('POST', '/orders/create/adhoc', body, { retry: false });
        const courierOrderId = int(created.order_id);
        const shipmentId = int(created.shipment_id);
        if (courierOrderId === null || shipmentId === null)
          throw new CourierError('refused', text(created.message) || 'Shiprocket created no shipment for this order');
        return { courierOrderId, shipmentId };
      } catch (error) {
        const unknownOutcome = error instanceof CourierError && error.kind === 'unavailable';
        if (!unknownOutcome && !alreadyTaken(error)) throw error;
        const found = await this.findOrder(order.orderId);
        if (found) return found;
        if (!unknownOutcome || attempt >= this.retries) throw error;
        await sleep(this.backoffMs * 2 ** attempt);
      }
    }
  }

  /** Shiprocket's order for our order id; its search matches parts of ids, so only an exact one counts. */
  private async findOrder(orderId: string): Promise<CreatedCourierOrder | null> {
    const { body } = await this.call('GET', `/orders?${new URLSearchParams({ search: orderId })}`);
    for (const entry of list(body.data)) {
      const found = record(entry);
      if (text(found.channel_order_id) !== orderId) continue;
      const courierOrderId = int(found.id);
      const shipmentId = int(record(list(found.shipments)[0]).id);
      if (courierOrderId !== null && shipmentId !== null) return { courierOrderId, shipmentId };
    }
    return null;
  }

  private adhocOrder(order: CourierOrder) {
    const { address, parcel } = order;
    return {
      order_id: order.orderId,
      order_date: indiaDate(order.orderedAt),
      pickup_location: this.options.pickupLocation,
      billing_customer_name: address.name,
      billing_last_name: '',
      billing_address: address.address,
      billing_city: address.city,
      billing_pincode: address.pincode,
      billing_state: address.state,
      billing_country: 'India',
      billing_email: address.email,
      billing_phone: address.phone,
      shipping_is_billing: true,
      order_items: order.items.map((item) => ({
        name: item.name,
        sku: item.sku,
        units: item.units,
        selling_price: rupees(item.sellingPricePaise),
        discount: 0,
        tax: 0,
        hsn: '',
      })),
      payment_method: order.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
      sub_total: rupees(order.subTotalPaise),
      length: parcel.lengthCm,
      breadth: parcel.breadthCm,
      height: parcel.heightCm,
      weight: parcel.weightKg,
    };
  }

  async assignAwb(shipmentId: number): Promise<AssignedAwb> {
    const { body } = await this.call('POST', '/courier/assign/awb', { shipment_id: shipmentId });
    const data = record(record(body.response).data);
    const awb = text(data.awb_code);
    if (int(body.awb_assign_status) !== 1 || !awb)
      throw new CourierError(
        'refused',
        text(data.awb_assign_error) || text(body.message) || 'Shiprocket assigned no AWB to this shipment',
      );
    return { awb, courierName: text(data.courier_name) };
  }

  async schedulePickup(shipmentId: number): Promise<void> {
    try {
      const { body } = await this.call('POST', '/courier/generate/pickup', { shipment_id: [shipmentId] });
      if (int(body.pickup_status) !== 1)
        throw new CourierError('refused', text(body.message) || 'Shiprocket did not schedule the pickup');
    } catch (error) {
      // A pickup asked for twice (a retried shipment) is in the queue already: that is what was wanted.
      if (error instanceof CourierError && /already in pickup queue/i.test(error.message)) return;
      throw error;
    }
  }

  async label(shipmentIds: number[]): Promise<Uint8Array> {
    const { body } = await this.call('POST', '/courier/generate/label', { shipment_id: shipmentIds });
    const url = text(body.label_url);
    if (int(body.label_created) !== 1 || !url)
      throw new CourierError('refused', text(body.response) || text(body.message) || 'Shiprocket made no label');
    return this.download(url);
  }

  async manifest(shipmentIds: number[]): Promise<Uint8Array> {
    const { body } = await this.call('POST', '/manifests/generate', { shipment_id: shipmentIds });
    const url = text(body.manifest_url);
    if (!url) throw new CourierError('refused', text(body.message) || 'Shiprocket made no manifest');
    return this.download(url);
  }

  async track(awb: string): Promise<TrackingScan[]> {
    const { body } = await this.call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`);
    const data = record(body.tracking_data);
    if (int(data.track_status) === 0) return [];
    const scans: TrackingScan[] = [];
    for (const entry of list(data.shipment_track_activities)) {
      const activity = record(entry);
      const statusId = int(activity['sr-status']);
      const at = parseIndiaTime(activity.date);
      if (statusId === null || !at) continue;
      scans.push({
        statusId,
        activity: text(activity.activity),
        location: text(activity.location) || null,
        at,
      });
    }
    // Shiprocket lists the newest first.
    return scans.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** A label's or manifest's PDF from the URL Shiprocket gave (a public file link: no token). */
  private async download(url: string): Promise<Uint8Array> {
    for (let attempt = 0; ; attempt++) {
      let failure: CourierError;
      let retriable = true;
      try {
        const response = await request(url, { signal: AbortSignal.timeout(this.timeoutMs) });
        const bytes = new Uint8Array(await response.body.arrayBuffer());
        if (response.statusCode === 200 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-')
          return bytes;
        retriable = response.statusCode >= 500;
        failure = new CourierError(
          'unavailable',
          `Shiprocket's document could not be fetched (${response.statusCode})`,
        );
      } catch (error) {
        failure = unreachable(error);
      }
      if (!retriable || attempt >= this.retries) throw failure;
      await sleep(this.backoffMs * 2 ** attempt);
    }
  }

  /** An API call with the cached token; a 401 logs in again and tries once more. */
  private async call(
    method: Method,
    path: string,
    body?: unknown,
    { retry = true, expect404 = false } = {},
  ): Promise<Answer> {
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      const answer = await this.send(method, path, body, retry, token.value);
      if (answer.status === 401 && !renewed) {
        if (this.token === token) this.token = null;
        continue;
      }
      if ((answer.status >= 200 && answer.status < 300) || (expect404 && answer.status === 404)) return answer;
      if (answer.status >= 500 || answer.status === 429)
        throw new CourierError('unavailable', `Shiprocket is unavailable (${answer.status})`);
      throw new CourierError('refused', refusalOf(answer));
    }
  }

  /** The cached token, or one login shared by every caller waiting for it. */
  private async accessToken(): Promise<{ value: string; renewAt: number }> {
    if (this.token && this.now() < this.token.renewAt) return this.token;
    this.login ??= this.fetchToken().finally(() => {
      this.login = null;
    });
    return this.login;
  }

  private async fetchToken(): Promise<{ value: string; renewAt: number }> {
    const { email, password } = this.options;
    const answer = await this.send('POST', '/auth/login', { email, password }, true);
    const value = text(answer.body.token);
    if (answer.status >= 500 || answer.status === 429)
      throw new CourierError('unavailable', `Shiprocket's login is unavailable (${answer.status})`);
    if (answer.status !== 200 || !value)
      throw new CourierError('refused', `Shiprocket refused the login: ${refusalOf(answer)}`);
    this.token = { value, renewAt: this.now() + (this.options.tokenRenewMs ?? TOKEN_RENEW_MS) };
    return this.token;
  }

  /** One request with a timeout; network errors, timeouts, 429 and 5xx are tried again when `retry` allows. */
  private async send(method: Method, path: string, body: unknown, retry: boolean, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      const last = !retry || attempt >= this.retries;
      try {
        const response = await request(`${this.options.apiUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        const parsed: unknown = await response.body.json().catch(() => ({}));
        const answer = { status: response.statusCode, body: record(parsed) };
        if ((answer.status >= 500 || answer.status === 429) && !last) {
          await sleep(this.backoffMs * 2 ** attempt);
          continue;
        }
        return answer;
      } catch (error) {
        if (last) throw unreachable(error);
        await sleep(this.backoffMs * 2 ** attempt);
      }
    }
  }
}

function unreachable(error: unknown): CourierError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new CourierError('unavailable', `Shiprocket ${timedOut ? 'timed out' : 'is unreachable'}`);
}
