import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminOrder, AdminOrderDetail } from '../../core/contracts/admin-orders';
import { formatRupees } from '../../core/money';
import { ORDER_STATUS_LABELS, TRACKING_STATUS_LABELS, shortOrderId } from '../../core/order';
import { Values } from './AuditLog';
import { useChangeToasts } from './change-form';
import {
  CancelForm,
  ORDER_INTENTS,
  RetryRefundForm,
  ShipmentForm,
  StatusForm,
  canBeCancelled,
  canCreateShipment,
  nextAdminStatus,
  refundFailed,
  shippedThroughShiprocket,
} from './OrderActions';
import { methodWords, paymentTone, stateWords } from './order-list';
import { Badge, Card, Empty, PageHeading, When, adminLinkClass, smallButtonClass } from './ui';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="space-y-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** Rows of a section as stacked lines that fit a phone. */
function Rows({ empty, children }: { empty: string; children: ReactNode[] }) {
  if (children.length === 0) return <Empty>{empty}</Empty>;
  return <ul className="divide-y divide-stone-200">{children}</ul>;
}

const rowClass = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm';

function Items({ order }: { order: AdminOrder }) {
  return (
    <Section id="items-heading" title="Items">
      <Rows empty="No items.">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'gone'}-${index}`} className={rowClass}>
            <span className="min-w-0 break-words">
              {item.title} × {item.quantity}
            </span>
            <span>{formatRupees(item.price * item.quantity)}</span>
          </li>
        ))}
      </Rows>
      <dl className="space-y-1 border-t border-stone-200 pt-2 text-sm">
        {(
          [
            ['Items', order.itemsPrice],
            ['Shipping', order.shippingPrice],
            ['Total', order.total],
          ] as const
        ).map(([label, rupees]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className={label === 'Total' ? 'font-semibold' : ''}>{label}</dt>
            <dd className={label === 'Total' ? 'font-semibold' : ''}>{formatRupees(rupees)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Delivery({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress;
  return (
    <Section id="address-heading" title="Delivery">
      <address className="text-sm break-words not-italic">
        {address.fname} {address.lname}
        <br />
        {address.address1}
        {address.address2 && (
          <>
            <br />
            {address.address2}
          </>
        )}
        <br />
        {address.city}, {address.state} {address.pincode}
        <br />
        {address.phone} · {address.email}
      </address>
      {order.shipment ? (
        <p className="text-sm break-words" data-testid="admin-shipment">
          Shipped with {order.shipment.courier}, tracking number {order.shipment.trackingNumber}:{' '}
          <a href={order.shipment.trackingUrl} className={`break-all ${adminLinkClass}`} rel="noreferrer">
            {order.shipment.trackingUrl}
          </a>
          {shippedThroughShiprocket(order) && (
            <>
              {' '}
              <a
                href={`/api/admin/orders/${encodeURIComponent(order.orderId)}/label`}
                download
                className={smallButtonClass}
              >
                Download label
              </a>
            </>
          )}
        </p>
      ) : (
        <p className="text-sm text-stone-700">Not shipped yet.</p>
      )}
      {order.tracking.length > 0 && (
        <ol className="divide-y divide-stone-200" data-testid="admin-tracking">
          {[...order.tracking].reverse().map((entry, index) => (
            <li key={`${entry.at}-${entry.status}-${index}`} className={rowClass}>
              <span className="font-medium">{TRACKING_STATUS_LABELS[entry.status]}</span>
              <span className="min-w-0 break-words text-stone-700">
                {[entry.label, entry.location].filter(Boolean).join(' · ')}
              </span>
              <span className="text-stone-600">
                <When at={entry.at} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Timeline({ order }: { order: AdminOrder }) {
  return (
    <Section id="timeline-heading" title="Status timeline">
      <ol className="divide-y divide-stone-200">
        {order.timeline.map((step) => (
          <li key={`${step.status}-${step.at}`} className={rowClass}>
            <span className="font-medium">{ORDER_STATUS_LABELS[step.status]}</span>
            <span className="min-w-0 break-words text-stone-700">{step.by}</span>
            <span className="text-stone-600">
              <When at={step.at} />
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Payments({ payments }: { payments: AdminOrderDetail['payments'] }) {
  return (
    <Section id="payments-heading" title="Payment">
      <h3 className="font-semibold">Attempts</h3>
      <Rows empty="No attempts at the gateway.">
        {payments.attempts.map((attempt) => (
          <li key={attempt.merchantOrderId} className={rowClass}>
            <span className="min-w-0 break-all">
              #{attempt.attemptNumber} {attempt.merchantOrderId}
            </span>
            <span>
              {formatRupees(attempt.amount)} · {stateWords(attempt.state)}
              {attempt.errorCode && ` (${attempt.errorCode})`}
            </span>
            <When at={attempt.createdAt} />
          </li>
        ))}
      </Rows>
      <h3 className="font-semibold">Changes</h3>
      <Rows empty="No payment changes.">
        {payments.events.map((event, index) => (
          <li key={`${event.at}-${index}`} className={rowClass}>
            <span className="min-w-0 break-all">{event.subject}</span>
            <span>
              {event.fromState ? `${stateWords(event.fromState)} → ` : ''}
              {stateWords(event.toState)} ({event.source})
            </span>
            <When at={event.at} />
          </li>
        ))}
      </Rows>
      <h3 className="font-semibold">Refunds</h3>
      <Rows empty="No refunds.">
        {payments.refunds.map((refund) => (
          <li key={refund.merchantRefundId} className={rowClass}>
            <span className="min-w-0 break-words">
              {formatRupees(refund.amount)} · {stateWords(refund.state)}
              {refund.errorCode && ` (${refund.errorCode})`} · {refund.reason}
            </span>
            <When at={refund.createdAt} />
          </li>
        ))}
      </Rows>
    </Section>
  );
}

function AuditEntries({ audit }: { audit: AdminOrderDetail['audit'] }) {
  return (
    <Section id="order-audit-heading" title="Audit entries">
      <Rows empty="No admin has changed this order.">
        {audit.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="space-y-2 py-3 text-sm">
            <p className="break-words">
              <span className="font-mono font-semibold">{entry.action}</span> · {entry.adminEmail} ·{' '}
              <When at={entry.at} />
            </p>
            {entry.reason && <p className="break-words">Reason: {entry.reason}</p>}
            <div className="grid gap-3 sm:grid-cols-2">
              <Values label="Before" value={entry.before} />
              <Values label="After" value={entry.after} />
            </div>
          </li>
        ))}
      </Rows>
    </Section>
  );
}

/** The forms for what may happen next, if anything may (a new status starts them afresh). */
function Actions({ order, throughShiprocket }: { order: AdminOrder; throughShiprocket: boolean }) {
  const next = nextAdminStatus(order.status);
  if (!next && !canBeCancelled(order.status) && !refundFailed(order)) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {throughShiprocket && canCreateShipment(order.status) && (
        <Card>
          <ShipmentForm key={order.status} />
        </Card>
      )}
      {next && (
        <Card>
          <StatusForm key={order.status} order={order} next={next} />
        </Card>
      )}
      {canBeCancelled(order.status) && (
        <Card>
          <CancelForm key={order.status} order={order} />
        </Card>
      )}
      {refundFailed(order) && (
        <Card>
          <RetryRefundForm />
        </Card>
      )}
    </div>
  );
}

/** /admin/orders/:orderId: one order in full, with the forms that move it along or cancel it. */
export function OrderDetail({
  detail: { order, payments, audit },
  throughShiprocket,
}: {
  detail: AdminOrderDetail;
  /** Shiprocket is set up: the order may be shipped through it (else only by hand). */
  throughShiprocket: boolean;
}) {
  useChangeToasts({ inline: [ORDER_INTENTS.shipment] });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className={adminLinkClass}>
          ← All orders
        </Link>
      </p>
      <PageHeading title={`Order ${shortOrderId(order.orderId)}`} />
      <div className="space-y-4">
        <Card>
          <p className="text-sm break-all text-stone-700">{order.orderId}</p>
          <p className="text-sm text-stone-700">
            Placed <When at={order.placedAt} />
            {order.paidAt && (
              <>
                {' '}
                · paid <When at={order.paidAt} />
              </>
            )}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={order.status === 'cancelled' ? 'bad' : 'neutral'}>
              <span data-testid="admin-order-status">{ORDER_STATUS_LABELS[order.status]}</span>
            </Badge>
            <span className="text-sm">{methodWords(order.paymentMethod)}</span>
            <Badge tone={paymentTone(order.paymentState)}>{stateWords(order.paymentState)}</Badge>
          </p>
        </Card>
        {/* A change posts to the page's action; its loader then reads the order again, timeline and audit too. */}
        <Actions order={order} throughShiprocket={throughShiprocket} />
        <Items order={order} />
        <Delivery order={order} />
        <Timeline order={order} />
        <Payments payments={payments} />
        <AuditEntries audit={audit} />
      </div>
    </>
  );
}
