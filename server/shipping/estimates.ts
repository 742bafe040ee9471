import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import type { ShopLog } from '../platform/faces.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import type { DeliveryEstimates as DeliveryEstimatesFace } from '../platform/shipping/face.ts';
import type { StockLine } from '../platform/stock/face.ts';
import type { DeliveryEstimate } from '../../core/contracts/shipping.ts';
import { CourierError, type Courier, type CourierOption, type Parcel } from './courier.ts';
import { earliestEtd, parcelOf, weightStepGrams } from './parcel.ts';
import { serviceabilityCache } from './schema.ts';

/** How long a courier's serviceability answer is kept (issue 34). */
export const SERVICEABILITY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * When the courier cannot answer: served with cash on delivery and no date, as the shop ran before couriers were
 * asked (decision 0075). Not cached, so the next question asks again.
 */
const COURIER_DOWN: DeliveryEstimate = { serviceable: true, cod: true, estimatedDeliveryDate: null };

/**
 * After the courier could not be reached, how long questions it has not answered before are not sent to it: an
 * outage costs one order the adapter's timeouts and retries, not every order meanwhile (decision 0075).
 */
export const COURIER_REST_MS = 30_000;

export interface DeliveryEstimatesOptions {
  database: Database;
  courier: Pick<Courier, 'serviceability'>;
  /** Where parcels are picked up: SHIPROCKET_PICKUP_PIN. */
  pickupPin: string;
  catalogue: Pick<Catalogue, 'unitParcels'>;
  log: ShopLog;
  courierRestMs?: number;
}

interface CacheKey {
  pickupPin: string;
  deliveryPin: string;
  cod: boolean;
  weightGrams: number;
}

/** Answers a process keeps in memory at most: far more PINs than a shop's buyers use in a day. */
const REMEMBERED_AT_MOST = 20_000;

/**
 * Whether a PIN is served, takes cash on delivery, and the earliest date, from the courier's serviceability: asked
 * with `cod=1`, and again with `cod=0` only when no courier listed takes cash. Each answer is kept 24 h per (pickup
 * PIN, PIN, cod, weight step) in a table every process shares (decision 0075).
 */
export class DeliveryEstimates implements DeliveryEstimatesFace {
  /** Questions on their way to the courier, so callers asking the same at once share one call. */
  private readonly asking = new Map<string, Promise<CourierOption[]>>();
  /** Until when the courier is not asked, after it could not be reached. */
  private restingUntil = 0;
  /**
   * Answers this process read or got, until they turn a day old: an order placed asks no database for a PIN
   * asked before (decision 0075). Derived from the shared table, so another process's answer is as good.
   */
  private readonly remembered = new Map<string, { options: CourierOption[]; until: number }>();

  constructor(private readonly options: DeliveryEstimatesOptions) {}

  /** One unit of the product, or the default parcel without one; null for a product that does not exist. */
  async forProduct(pin: string, productId?: string): Promise<DeliveryEstimate | null> {
    if (!productId) return this.forParcel(pin, parcelOf([]));
    const parcel = (await this.options.catalogue.unitParcels([productId])).get(productId);
    return parcel ? this.forParcel(pin, parcelOf([{ parcel, units: 1 }])) : null;
  }

  async forLines(pin: string, lines: readonly StockLine[]): Promise<DeliveryEstimate> {
    const parcels = await this.options.catalogue.unitParcels(lines.map(({ productId }) => productId));
    const items = lines.flatMap(({ productId, quantity }) => {
      const parcel = parcels.get(productId);
      return parcel ? [{ parcel, units: quantity }] : [];
    });
    return this.forParcel(pin, parcelOf(items));
  }

  async forParcel(pin: string, parcel: Parcel): Promise<DeliveryEstimate> {
    const key = { pickupPin: this.options.pickupPin, deliveryPin: pin, weightGrams: weightStepGrams(parcel.weightKg) };
    try {
      const withCod = await this.serviceability({ ...key, cod: true });
      const cod = withCod.some((option) => option.cod);
      const prepaid = cod ? [] : await this.serviceability({ ...key, cod: false });
      const listed = [...withCod, ...prepaid];
      return { serviceable: listed.length > 0, cod, estimatedDeliveryDate: earliestEtd(listed) };
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      return COURIER_DOWN;
    }
  }

  /** The courier's answer to one question, from the cache while it is under a day old. */
  private async serviceability(key: CacheKey): Promise<CourierOption[]> {
    const id = `${key.pickupPin}:${key.deliveryPin}:${key.cod}:${key.weightGrams}`;
    const known = this.remembered.get(id);
    if (known && known.until > Date.now()) return known.options;
    const { db } = this.options.database;
    const fresh = new Date(Date.now() - SERVICEABILITY_TTL_MS);
    const [cached] = await db
      .select({ options: serviceabilityCache.options, askedAt: serviceabilityCache.askedAt })
      .from(serviceabilityCache)
      .where(
        and(
          eq(serviceabilityCache.pickupPin, key.pickupPin),
          eq(serviceabilityCache.deliveryPin, key.deliveryPin),
          eq(serviceabilityCache.cod, key.cod),
          eq(serviceabilityCache.weightGrams, key.weightGrams),
          gt(serviceabilityCache.askedAt, fresh),
        ),
      );
    if (cached) return this.remember(id, cached.options, cached.askedAt.getTime());
    if (Date.now() < this.restingUntil) throw new CourierError('unavailable', 'The courier was unreachable just now');
    let asking = this.asking.get(id);
    if (!asking) {
      asking = this.askCourier(key)
        .then((options) => this.remember(id, options, Date.now()))
        .finally(() => this.asking.delete(id));
      this.asking.set(id, asking);
    }
    return asking;
  }

  private remember(id: string, options: CourierOption[], askedAt: number): CourierOption[] {
    if (this.remembered.size >= REMEMBERED_AT_MOST) this.remembered.clear();
    this.remembered.set(id, { options, until: askedAt + SERVICEABILITY_TTL_MS });
    return options;
  }

  private async askCourier(key: CacheKey): Promise<CourierOption[]> {
    let options: CourierOption[];
    try {
      options = await this.options.courier.serviceability({
        pickupPin: key.pickupPin,
        deliveryPin: key.deliveryPin,
        cod: key.cod,
        weightKg: key.weightGrams / 1000,
      });
    } catch (error) {
      if (error instanceof CourierError) {
        this.options.log.warn(
          `Serviceability for PIN ${key.deliveryPin} failed; estimates say served, with COD`,
          error,
        );
        if (error.kind === 'unavailable')
          this.restingUntil = Date.now() + (this.options.courierRestMs ?? COURIER_REST_MS);
      }
      throw error;
    }
    await this.options.database.db
      .insert(serviceabilityCache)
      .values({ ...key, options })
      .onConflictDoUpdate({
        target: [
          serviceabilityCache.pickupPin,
          serviceabilityCache.deliveryPin,
          serviceabilityCache.cod,
          serviceabilityCache.weightGrams,
        ],
        set: { options, askedAt: sql`now()` },
      });
    return options;
  }
}
