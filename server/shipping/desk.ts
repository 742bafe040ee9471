// Shipping an order through the courier from the back office (issue 34, decision 0077): create, AWB, pickup, each
// step kept as it is done; the label asked anew each time; a manifest's PDF kept in the shop's file storage.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { BookedShipment, DispatchOrder, ShipmentDesk } from '../platform/shipping/face.ts';
import { CourierError, type Courier } from './courier.ts';
import { SHIPROCKET_NOT_SET_UP } from './manual-courier.ts';
import { parcelOf } from './parcel.ts';
import { DEFAULT_PRODUCT_PARCEL } from '../../core/constants.ts';
import type { Catalogue } from '../platform/catalog/face.ts';
import { shipmentBookings, shippingManifests } from './schema.ts';
import { trackingUrlOf, type Shipments } from './shipments.ts';

/** What the owner reads when Shiprocket could not be reached after the adapter's retries. */
export const courierUnavailableMessage = (detail: string) =>
  `${detail}. Nothing was lost: try again in a few minutes, and the shipment carries on where it stopped.`;

const manifestKey = (id: string) => `shipping/manifests/${id}.pdf`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A courier's refusal or outage as the owner sees it: 502 with the courier's words. */
function asHttpError(error: unknown): unknown {
  if (!(error instanceof CourierError)) return error;
  return new HttpError(502, error.kind === 'refused' ? error.message : courierUnavailableMessage(error.message));
}

export class CourierDesk implements ShipmentDesk {
  constructor(
    private readonly options: {
      db: Db;
      courier: Courier;
      /** Manual shipping: nothing goes through a courier. */
      manual: boolean;
      shipments: Shipments;
      storage: FileStorage;
      /** Each product's unit parcel (decision 0075). */
      catalogue: Pick<Catalogue, 'unitParcels'>;
    },
  ) {}

  get throughCourier(): boolean {
    return !this.options.manual;
  }

  ensureCourier(): void {
    if (this.options.manual) throw new HttpError(409, SHIPROCKET_NOT_SET_UP);
  }

  async book(order: DispatchOrder): Promise<BookedShipment> {
    this.ensureCourier();
    try {
      return await this.bookSteps(order);
    } catch (error) {
      throw asHttpError(error);
    }
  }

  private async bookSteps(order: DispatchOrder): Promise<BookedShipment> {
    const { db, courier } = this.options;
    let booking = await this.bookingOf(order.orderRowId);
    if (!booking) {
      const productIds = order.items.flatMap((item) => (item.productId ? [item.productId] : []));
      const sizes = await this.options.catalogue.unitParcels(productIds);
      const lines = order.items.map((item) => ({
        units: item.units,
        // A product deleted since, or without a size: the default parcel per unit.
        parcel: (item.productId && sizes.get(item.productId)) || DEFAULT_PRODUCT_PARCEL,
      }));
      const parcel = { ...parcelOf(lines), ...order.parcel };
      // Shiprocket finds an order it made already by our order id, so a create after a lost answer is no second one.
      const created = await courier.createOrder({
        orderId: order.orderId,
        orderedAt: order.orderedAt,
        paymentMethod: order.paymentMethod,
        subTotalPaise: order.subTotalPaise,
        items: order.items.map(({ productId: _productId, ...item }) => item),
        address: order.address,
        parcel,
      });
      await db
        .insert(shipmentBookings)
        .values({ orderId: order.orderRowId, ...created })
        .onConflictDoNothing({ target: shipmentBookings.orderId });
      booking = (await this.bookingOf(order.orderRowId))!;
    }
    if (!booking.awb || !booking.courierName) {
      const assigned = await courier.assignAwb(booking.shipmentId);
      // Kept at once: a shipment whose AWB is known is never assigned again.
      await db
        .update(shipmentBookings)
        .set({ awb: assigned.awb, courierName: assigned.courierName, updatedAt: sql`now()` })
        .where(eq(shipmentBookings.orderId, order.orderRowId));
      booking = { ...booking, ...assigned };
    }
    if (!booking.pickupScheduled) {
      await courier.schedulePickup(booking.shipmentId);
      await db
        .update(shipmentBookings)
        .set({ pickupScheduled: true, updatedAt: sql`now()` })
        .where(eq(shipmentBookings.orderId, order.orderRowId));
    }
    return this.bookedOf({ ...booking, pickupScheduled: true })!;
  }

  private async bookingOf(orderRowId: string, db: Db = this.options.db) {
    const [row] = await db.select().from(shipmentBookings).where(eq(shipmentBookings.orderId, orderRowId));
    return row;
  }

  private bookedOf(row: typeof shipmentBookings.$inferSelect | undefined): BookedShipment | null {
    if (!row?.awb || !row.courierName || !row.pickupScheduled) return null;
    return {
      courierOrderId: row.courierOrderId,
      shipmentId: row.shipmentId,
      awb: row.awb,
      courierName: row.courierName,
      trackingUrl: trackingUrlOf(row.awb),
    };
  }

  async unrecorded(orderRowId: string): Promise<BookedShipment | null> {
    if (await this.options.shipments.ofOrder(orderRowId)) return null;
    return this.bookedOf(await this.bookingOf(orderRowId));
  }

  async record(orderRowId: string, booked: BookedShipment, db: Db): Promise<void> {
    await this.options.shipments.recordShipment(
      {
        orderId: orderRowId,
        courierOrderId: booked.courierOrderId,
        shipmentId: booked.shipmentId,
        awb: booked.awb,
        courierName: booked.courierName,
      },
      db,
    );
  }

  async label(orderRowId: string): Promise<Uint8Array | null> {
    const shipment = await this.options.shipments.ofOrder(orderRowId);
    // A hand-shipped order has no courier shipment, and so no label.
    if (!shipment || this.options.manual) return null;
    try {
      return await this.options.courier.label([shipment.shipmentId]);
    } catch (error) {
      throw asHttpError(error);
    }
  }

  async manifest(orderRowIds: readonly string[]): Promise<string> {
    this.ensureCourier();
    const shipmentIds: number[] = [];
    const shipmentRows: string[] = [];
    for (const orderRowId of orderRowIds) {
      const shipment = await this.options.shipments.ofOrder(orderRowId);
      if (!shipment) continue;
      shipmentIds.push(shipment.shipmentId);
      shipmentRows.push(shipment.id);
    }
    if (!shipmentIds.length) throw new HttpError(409, 'None of these orders has a shipment to hand over.');
    let pdf: Uint8Array;
    try {
      pdf = await this.options.courier.manifest(shipmentIds);
    } catch (error) {
      throw asHttpError(error);
    }
    const { db, storage, shipments } = this.options;
    const [row] = await db.insert(shippingManifests).values({ shipmentIds }).returning({ id: shippingManifests.id });
    await storage.put(manifestKey(row!.id), Buffer.from(pdf), 'application/pdf');
    for (const id of shipmentRows) await shipments.setDocuments(id, { manifestId: row!.id });
    return row!.id;
  }

  async manifestPdf(manifestId: string): Promise<Uint8Array | null> {
    if (!UUID.test(manifestId)) return null;
    const [row] = await this.options.db
      .select({ id: shippingManifests.id })
      .from(shippingManifests)
      .where(eq(shippingManifests.id, manifestId));
    return row ? this.options.storage.get(manifestKey(row.id)) : null;
  }
}
