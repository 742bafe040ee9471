/** Shiprocket's shipment status ids and their labels (../shared/docs/india-integrations.md, section 1). */
export const STATUS_LABELS: Record<number, string> = {
  1: 'AWB ASSIGNED',
  2: 'LABEL GENERATED',
  3: 'PICKUP SCHEDULED',
  4: 'PICKUP QUEUED',
  5: 'MANIFEST GENERATED',
  6: 'SHIPPED',
  7: 'DELIVERED',
  8: 'CANCELED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  11: 'PENDING',
  12: 'LOST',
  13: 'PICKUP ERROR',
  14: 'RTO ACKNOWLEDGED',
  15: 'PICKUP RESCHEDULED',
  16: 'CANCELLATION REQUESTED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  19: 'OUT FOR PICKUP',
  20: 'PICKUP EXCEPTION',
  21: 'UNDELIVERED',
  22: 'DELAYED',
  23: 'PARTIAL DELIVERED',
  24: 'DESTROYED',
  25: 'DAMAGED',
  26: 'FULFILLED',
  38: 'REACHED DESTINATION HUB',
  40: 'RTO NDR',
  41: 'RTO OFD',
  42: 'PICKED UP',
  45: 'CANCELLED BEFORE DISPATCHED',
  46: 'RTO IN TRANSIT',
};

export const statusLabel = (id: number) => STATUS_LABELS[id] ?? `STATUS ${id}`;

/** The statuses of a shipment on its way back to the shop. */
export const RETURN_STATUSES = new Set([9, 10, 14, 40, 41, 46]);
