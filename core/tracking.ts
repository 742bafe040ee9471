// Shiprocket's shipment status ids as the shop names them (issue 34, decision 0074), shared by the shipping module
// and the tracking flow.
import type { TrackingStatus } from './contracts/orders.ts';

const STATUS_IDS: ReadonlyMap<number, TrackingStatus> = new Map([
  [6, 'shipped'],
  [42, 'picked_up'],
  [18, 'in_transit'],
  [38, 'in_transit'],
  [17, 'out_for_delivery'],
  [7, 'delivered'],
  [21, 'undelivered'],
  [9, 'rto_initiated'],
  [14, 'rto_initiated'],
  [40, 'rto_initiated'],
  [41, 'rto_initiated'],
  [46, 'rto_initiated'],
  [10, 'rto_delivered'],
  [12, 'lost'],
]);

/** Our name for a status id; one we do not know is `other` (the caller logs it). */
export const trackingStatusOf = (statusId: number): TrackingStatus => STATUS_IDS.get(statusId) ?? 'other';
