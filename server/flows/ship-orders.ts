// The shipOrders flow (issue 34, decision 0077): an order shipped through the courier from the back office crosses
// the orders module (the order, its moves), the shipping module (the courier's desk) and the audit log.
import type { Database } from '../platform/db/client.ts';
import type { AuditTrail } from '../platform/audit/face.ts';
import type { AdminActor } from '../platform/audit/actor.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { OrderBook } from '../platform/orders/face.ts';
import type { BookedShipment, ParcelSize, ShipmentDesk } from '../platform/shipping/face.ts';
import type { AdminOrder } from '../../core/contracts/admin-orders.ts';
import type { BulkShipmentAnswer, ShipmentParcel } from '../../core/contracts/admin-shipping.ts';
import type { OrderStatusFlow } from './order-status.ts';

/** Statuses an order may be shipped through the courier from. */
const SHIPPABLE = new Set(['confirmed', 'packed']);
export const notShippableMessage = (status: string) =>
  `Only a confirmed or packed order can be shipped through Shiprocket; this order is ${status}.`;

const paise = (rupees: number) => Math.round(rupees * 100);

export interface ShipOrdersOptions {
  database: Database;
  orders: OrderBook;
  orderStatus: OrderStatusFlow;
  desk: ShipmentDesk;
  audit: AuditTrail;
}

export class ShipOrders {
  /** Shipments under way in this process, by order id: a second click waits for the first, then sees it shipped. */
  private readonly underWay = new Map<string, Promise<unknown>>();

  constructor(private readonly options: ShipOrdersOptions) {}

  /**
   * Books the order at the courier (resuming what an earlier try did), then moves it through packed to shipped,
   * mailed and audited, and records its shipment. The answer is the order after it.
   */
  async ship(orderId: string, actor: AdminActor, parcel: ShipmentParcel = {}): Promise<AdminOrder> {
    const before = this.underWay.get(orderId) ?? Promise.resolve();
    const run = before.catch(() => {}).then(() => this.shipNow(orderId, actor, parcel));
    this.underWay.set(orderId, run);
    try {
      return await run;
    } finally {
      if (this.underWay.get(orderId) === run) this.underWay.delete(orderId);
    }
  }

  private async shipNow(orderId: string, actor: AdminActor, parcel: ShipmentParcel): Promise<AdminOrder> {
    const { orders, desk } = this.options;
    const order = await orders.adminOrder(orderId);
    desk.ensureCourier();
    if (order.status === 'shipped') {
      // Shipped by a try that stopped before its record: the booking says what it was.
      const booked = await desk.unrecorded(order.id);
      if (booked && booked.awb === order.shipment?.trackingNumber) return this.record(order, booked, actor);
    }
    if (!SHIPPABLE.has(order.status)) throw new HttpError(409, notShippableMessage(order.status));
    const booked = await desk.book({
      orderRowId: order.id,
      orderId: order.orderId,
      orderedAt: new Date(order.placedAt),
      paymentMethod: order.paymentMethod,
      subTotalPaise: paise(order.total),
      items: order.items.map((item) => ({
        productId: item.productId,
        name: item.title,
        sku: item.productId ?? item.title.slice(0, 50),
        units: item.quantity,
        sellingPricePaise: paise(item.price),
      })),
      address: {
        name: `${order.shippingAddress.fname} ${order.shippingAddress.lname}`.trim(),
        address: [order.shippingAddress.address1, order.shippingAddress.address2].filter(Boolean).join(', '),
        city: order.shippingAddress.city,
        state: order.shippingAddress.state,
        pincode: order.shippingAddress.pincode,
        email: order.shippingAddress.email || order.email,
        phone: order.shippingAddress.phone,
      },
      parcel: definedOf(parcel),
    });
    const admin = { actor };
    if (order.status === 'confirmed') await this.options.orderStatus.changeByAdmin(orderId, 'packed', admin);
    await this.options.orderStatus.changeByAdmin(orderId, 'shipped', admin, {
      courier: booked.courierName,
      trackingNumber: booked.awb,
      trackingUrl: booked.trackingUrl,
    });
    return this.record(order, booked, actor);
  }

  private async record(order: AdminOrder, booked: BookedShipment, actor: AdminActor): Promise<AdminOrder> {
    await this.options.database.transaction(async (tx) => {
      await this.options.desk.record(order.id, booked, tx);
      await this.options.audit.record(tx, actor, {
        action: 'order.shipment',
        targetType: 'order',
        targetId: order.orderId,
        before: null,
        after: { courier: booked.courierName, awb: booked.awb, shipmentId: booked.shipmentId },
      });
    });
    return this.options.orders.adminOrder(order.orderId);
  }

  /** Ships each order in turn, then one manifest of those shipped. */
  async shipMany(orderIds: readonly string[], actor: AdminActor): Promise<BulkShipmentAnswer> {
    const results: BulkShipmentAnswer['results'] = [];
    const shipped: string[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const order = await this.ship(orderId, actor);
        shipped.push(order.id);
        results.push({ orderId, shipped: true });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.push({ orderId, shipped: false, message: error.message });
      }
    }
    if (!shipped.length) return { manifestId: null, results };
    try {
      const manifestId = await this.options.desk.manifest(shipped);
      await this.options.database.transaction((tx) =>
        this.options.audit.record(tx, actor, {
          action: 'shipment.manifest',
          targetType: 'manifest',
          targetId: manifestId,
          before: null,
          after: { orderIds: results.filter((result) => result.shipped).map((result) => result.orderId) },
        }),
      );
      return { manifestId, results };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { manifestId: null, message: error.message, results };
    }
  }

  /** Whether the back office ships through Shiprocket. */
  get courier(): 'shiprocket' | 'manual' {
    return this.options.desk.throughCourier ? 'shiprocket' : 'manual';
  }

  /** The label of a shipped order's shipment, asked of the courier anew. */
  async label(orderId: string): Promise<Uint8Array> {
    const order = await this.options.orders.adminOrder(orderId);
    const pdf = await this.options.desk.label(order.id);
    if (!pdf) throw new HttpError(404, 'This order has no Shiprocket shipment, so there is no label.');
    return pdf;
  }

  async manifest(manifestId: string): Promise<Uint8Array> {
    const pdf = await this.options.desk.manifestPdf(manifestId);
    if (!pdf) throw new HttpError(404, 'There is no such manifest.');
    return pdf;
  }
}

/** The fields the owner gave, without the absent ones. */
function definedOf(parcel: ShipmentParcel): Partial<ParcelSize> {
  return Object.fromEntries(Object.entries(parcel).filter(([, value]) => value !== undefined));
}
