import type { AuditEntry } from '../platform/audit/face.ts';
import type { OrderMove } from './present.ts';

/**
 * The audit entry of an admin's change: `order.status` (the status, and the tracking when shipping) or
 * `order.cancel` (with its reason, and the payment state after, which shows a refund started).
 */
export function auditEntryOf({ order, status, shipment, cancelling, record, admin }: OrderMove): AuditEntry {
  const target = { targetType: 'order', targetId: order.orderId };
  if (cancelling) {
    return {
      action: 'order.cancel',
      ...target,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: { status, paymentStatus: record.order.paymentStatus },
      reason: admin?.reason,
    };
  }
  const trackingBefore = shipment
    ? { courier: order.courier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl }
    : {};
  return {
    action: 'order.status',
    ...target,
    before: { status: order.status, ...trackingBefore },
    after: { status, ...shipment },
  };
}
