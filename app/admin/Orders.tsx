import { useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { BULK_SHIPMENT_MAX, type BulkShipmentAnswer } from '../../core/contracts/admin-shipping';
import { SubmitButton } from '../components/form/SubmitButton';
import { ChangeFields, useChangeForm, useChangeToasts } from './change-form';
import type { AdminOrderRow, AdminOrderList } from '../../core/contracts/admin-orders';
import { ORDER_STATUSES } from '../../core/contracts/orders';
import { PAYMENT_STATUSES } from '../../core/contracts/payments';
import { formatRupees } from '../../core/money';
import { ORDER_STATUS_LABELS, shortOrderId } from '../../core/order';
import { methodWords, orderPageLinks, ordersCsvHref, paymentTone, stateWords } from './order-list';
import { Badge, Card, Empty, FilterBar, FilterField, PageHeading, When, adminLinkClass, smallButtonClass } from './ui';

/** A select's first option shows everything. */
const ANY = '';

/** The bulk shipment form's name and id: the rows' checkboxes belong to it (their `form` attribute). */
export const SHIP_ORDERS_FORM = 'ship-orders';
/** Where a bulk shipment's manifest is named on the page after it (the action's redirect). */
export const MANIFEST_PARAM = 'manifest';

/** The toast of a bulk shipment: how many shipped, and why each other did not. */
export function shipmentsSummary({ results, message }: BulkShipmentAnswer): string {
  const shipped = results.filter((result) => result.shipped).length;
  const failures = results
    .filter((result) => !result.shipped)
    .map((result) => `${shortOrderId(result.orderId)}: ${result.message ?? 'not shipped'}`);
  return [`${shipped} of ${results.length} orders shipped.`, ...failures, message].filter(Boolean).join(' ');
}

function OrderCard({
  order,
  selected,
  onSelect,
}: {
  order: AdminOrderRow;
  /** Null when the shop ships by hand: no checkbox. */
  selected: boolean | null;
  onSelect: (selected: boolean) => void;
}) {
  return (
    <Card>
      <article className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 font-semibold">
            {selected !== null && (
              <input
                type="checkbox"
                name="orderIds"
                value={order.orderId}
                form={SHIP_ORDERS_FORM}
                checked={selected}
                onChange={(event) => onSelect(event.target.checked)}
                aria-label={`Select order ${shortOrderId(order.orderId)} for shipping`}
                className="size-4"
              />
            )}
            <Link to={`/admin/orders/${order.orderId}`} className={adminLinkClass}>
              Order {shortOrderId(order.orderId)}
            </Link>
          </h2>
          <Badge tone={order.status === 'cancelled' ? 'bad' : 'neutral'}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        </div>
        <p className="text-sm text-stone-700">
          <When at={order.placedAt} /> · <span className="break-all">{order.orderId}</span>
        </p>
        <p className="break-words">
          {order.customerName} · {order.state} {order.pincode}
        </p>
        <p className="text-sm break-words text-stone-700">
          {order.email} · {order.phone}
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <strong>{formatRupees(order.total)}</strong>
          <span className="text-sm">{methodWords(order.paymentMethod)}</span>
          <Badge tone={paymentTone(order.paymentState)}>{stateWords(order.paymentState)}</Badge>
        </p>
      </article>
    </Card>
  );
}

function OffsetPager({ total, limit, offset }: { total: number; limit: number; offset: number }) {
  const [search] = useSearchParams();
  const { previous, next } = orderPageLinks(search, { total, limit, offset });
  if (previous === null && next === null) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-3">
      {previous !== null && (
        <Link to={`/admin/orders${previous}`} className={smallButtonClass}>
          Previous
        </Link>
      )}
      {next !== null && (
        <Link to={`/admin/orders${next}`} className={smallButtonClass}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** Ships the checked orders through Shiprocket in one go, then offers the manifest of those shipped. */
function ShipSelected({ count, onDone }: { count: number; onDone: () => void }) {
  const { busy } = useChangeForm(SHIP_ORDERS_FORM, onDone);
  const [search] = useSearchParams();
  const manifestId = search.get(MANIFEST_PARAM);
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <Form method="post" id={SHIP_ORDERS_FORM} noValidate>
        <ChangeFields form={SHIP_ORDERS_FORM} />
        <SubmitButton busy={busy} busyLabel="Creating shipments..." disabled={count === 0 || count > BULK_SHIPMENT_MAX}>
          {`Create shipments (${count})`}
        </SubmitButton>
      </Form>
      {manifestId && (
        <a href={`/api/admin/manifests/${encodeURIComponent(manifestId)}`} download className={smallButtonClass}>
          Download manifest
        </a>
      )}
    </div>
  );
}

/** /admin/orders: every order, newest first, by status, payment, dates, region or a search; and as a CSV file. */
export function Orders({
  list: { orders, total, limit, offset },
  throughShiprocket,
}: {
  list: AdminOrderList;
  /** Shiprocket is set up: rows can be ticked and shipped together. */
  throughShiprocket: boolean;
}) {
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useChangeToasts();
  const select = (orderId: string, on: boolean) =>
    setSelected((before) => {
      const after = new Set(before);
      if (on) after.add(orderId);
      else after.delete(orderId);
      return after;
    });
  return (
    <>
      <PageHeading title="Orders">
        <a href={ordersCsvHref(search)} download className={smallButtonClass}>
          Download CSV
        </a>
      </PageHeading>
      {throughShiprocket && <ShipSelected count={selected.size} onDone={() => setSelected(new Set())} />}
      <FilterBar label="Find orders">
        <FilterField label="Order id, e-mail or phone" name="q" type="search" />
        <FilterField label="Status" name="status" options={[ANY, ...ORDER_STATUSES]} />
        <FilterField
          label="Payment method"
          name="paymentMethod"
          options={[ANY, ['cod', 'Cash on delivery'], ['prepaid', 'Prepaid (UPI)']]}
        />
        <FilterField label="Payment state" name="paymentState" options={[ANY, ...PAYMENT_STATUSES]} />
        <FilterField label="State or PIN code" name="region" />
        <FilterField label="From" name="from" type="date" />
        <FilterField label="To" name="to" type="date" />
      </FilterBar>
      <p className="mb-3 text-sm text-stone-700">
        {total === 0 ? 'No orders match.' : `Orders ${offset + 1}–${offset + orders.length} of ${total}`}
      </p>
      {orders.length === 0 ? (
        <Empty>No orders match these filters.</Empty>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li key={order.orderId}>
              <OrderCard
                order={order}
                selected={throughShiprocket ? selected.has(order.orderId) : null}
                onSelect={(on) => select(order.orderId, on)}
              />
            </li>
          ))}
        </ul>
      )}
      <OffsetPager total={total} limit={limit} offset={offset} />
    </>
  );
}
