import { Link, useSearchParams } from 'react-router';
import type { AdminOrderRow, AdminOrderList } from '../../core/contracts/admin-orders';
import { ORDER_STATUSES } from '../../core/contracts/orders';
import { PAYMENT_STATUSES } from '../../core/contracts/payments';
import { formatRupees } from '../../core/money';
import { ORDER_STATUS_LABELS, shortOrderId } from '../../core/order';
import { methodWords, orderPageLinks, ordersCsvHref, paymentTone, stateWords } from './order-list';
import { Badge, Card, Empty, FilterBar, FilterField, PageHeading, When, adminLinkClass, smallButtonClass } from './ui';

/** A select's first option shows everything. */
const ANY = '';

function OrderCard({ order }: { order: AdminOrderRow }) {
  return (
    <Card>
      <article className="space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">
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

/** /admin/orders: every order, newest first, by status, payment, dates, region or a search; and as a CSV file. */
export function Orders({ list: { orders, total, limit, offset } }: { list: AdminOrderList }) {
  const [search] = useSearchParams();
  return (
    <>
      <PageHeading title="Orders">
        <a href={ordersCsvHref(search)} download className={smallButtonClass}>
          Download CSV
        </a>
      </PageHeading>
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
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <OffsetPager total={total} limit={limit} offset={offset} />
    </>
  );
}
