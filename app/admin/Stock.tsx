import { useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import type { LowStockItem, stockMovementsEndpoint } from '../../core/contracts/admin-stock';
import type { productListEndpoint } from '../../core/contracts/catalog';
import { Field } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import type { Success } from './api';
import { ChangeFields, useChangeForm, useChangeToasts } from './change-form';
import {
  Card,
  Empty,
  FilterBar,
  PageHeading,
  Pager,
  When,
  adminLinkClass,
  inputClass,
  labelClass,
  smallButtonClass,
} from './ui';

/** The stock page's forms, by the intent each sends (routes/admin/stock.tsx), each for the product it names. */
export const STOCK_INTENTS = { adjust: 'adjust', threshold: 'threshold' } as const;

/** The toast once a threshold is saved: the product's own, or the shop's default it now follows. */
export const thresholdSaved = ({
  threshold,
  effectiveThreshold,
}: {
  threshold: number | null;
  effectiveThreshold: number;
}) =>
  threshold === null ? `Threshold follows the shop's default, ${effectiveThreshold}` : `Threshold set to ${threshold}`;

function AdjustmentForm({ productId }: { productId: string }) {
  const form = useRef<HTMLFormElement>(null);
  const { busy } = useChangeForm(STOCK_INTENTS.adjust, () => form.current?.reset());
  return (
    <Form ref={form} method="post" noValidate className="space-y-3">
      <ChangeFields form={STOCK_INTENTS.adjust} intent={STOCK_INTENTS.adjust} />
      <input type="hidden" name="productId" value={productId} />
      <h3 className="font-semibold">Adjust stock</h3>
      <Field label="Change (e.g. 5 or -2)" name="change" inputMode="numeric" required />
      <Field label="Reason" name="reason" required />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Adjust stock
      </SubmitButton>
    </Form>
  );
}

function ThresholdForm({ productId }: { productId: string }) {
  const { busy } = useChangeForm(STOCK_INTENTS.threshold);
  return (
    <Form method="post" noValidate className="space-y-3">
      <ChangeFields form={STOCK_INTENTS.threshold} intent={STOCK_INTENTS.threshold} />
      <input type="hidden" name="productId" value={productId} />
      <h3 className="font-semibold">Low-stock threshold</h3>
      <Field label="Threshold (empty: the shop's default)" name="threshold" inputMode="numeric" />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Save threshold
      </SubmitButton>
    </Form>
  );
}

const KIND_WORDS = {
  import: 'Stock in',
  sale: 'Sale',
  cancellation: 'Cancellation',
  expiry: 'Expired order',
  refund: 'Refund',
  adjustment: 'Adjustment',
  return_to_origin: 'Returned by courier',
} as const;

type MovementPage = Success<typeof stockMovementsEndpoint>;

/** Reads the page again, as it is (a GET of the same address runs its loader). */
function Refresh() {
  const [params] = useSearchParams();
  return (
    <Form method="get" replace>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButtonClass}>
        Refresh
      </button>
    </Form>
  );
}

/** A product's movements, newest first, as stacked rows that fit a phone. */
function Movements({ page: { movements, nextBefore } }: { page: MovementPage }) {
  return (
    <section aria-labelledby="movements-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="movements-heading" className="font-semibold">
          Stock movements
        </h3>
        <Refresh />
      </div>
      <>
        {movements.length === 0 ? (
          <Empty>No stock movements yet.</Empty>
        ) : (
          <ul className="divide-y divide-stone-200">
            {movements.map((movement) => (
              <li key={movement.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium">
                  {KIND_WORDS[movement.kind]}{' '}
                  <span className={movement.quantity < 0 ? 'text-red-800' : 'text-green-800'}>
                    {movement.quantity > 0 ? `+${movement.quantity}` : movement.quantity}
                  </span>
                </span>
                <span className="min-w-0 text-sm break-words text-stone-700">
                  {[movement.reason, movement.adminEmail, movement.orderId && `order ${movement.orderId}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="text-sm text-stone-600">
                  <When at={movement.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager next={nextBefore} />
      </>
    </section>
  );
}

/** One product's stock: adjust it, set its threshold, read its ledger. */
function ProductStock({ productId, title, movements }: { productId: string; title: string; movements: MovementPage }) {
  // An adjustment adds a movement and may change the low-stock list: the page's loader reads them again.
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold break-words">{title}</h2>
      <div className="grid gap-6 md:grid-cols-2">
        <AdjustmentForm productId={productId} />
        <ThresholdForm productId={productId} />
      </div>
      <Movements page={movements} />
    </Card>
  );
}

/** The products at or below their threshold, lowest stock first. */
function LowStock({ products }: { products: readonly LowStockItem[] }) {
  return (
    <section aria-labelledby="low-stock-heading" className="space-y-3">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Low stock
      </h2>
      {products.length === 0 ? (
        <Empty>No product is at or below its threshold.</Empty>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {products.map((product) => (
            <li key={product.productId} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
              <Link
                to={`/admin/stock?product=${product.productId}`}
                className={`min-w-0 break-words ${adminLinkClass}`}
              >
                {product.title}
              </Link>
              <span className="text-sm">
                <strong>{product.countInStock}</strong> in stock · threshold {product.threshold}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/stock: pick a product (or a low-stock one), then its ledger, adjustment and threshold. */
export function Stock({
  products,
  lowStock,
  movements,
}: {
  products: Success<typeof productListEndpoint>['products'];
  lowStock: readonly LowStockItem[];
  /** The chosen product's ledger, null when none is chosen. */
  movements: MovementPage | null;
}) {
  useChangeToasts();
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const chosen = products.find((product) => product._id === productId);
  return (
    <>
      <PageHeading title="Stock" />
      <FilterBar label="Choose a product" submitLabel="Show">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="stock-product" className={labelClass}>
            Product
          </label>
          <select key={productId} id="stock-product" name="product" defaultValue={productId} className={inputClass}>
            <option value="">Choose a product…</option>
            {products.map((product) => (
              <option key={product._id} value={product._id}>
                {product.title} ({product.countInStock} in stock)
              </option>
            ))}
          </select>
        </div>
      </FilterBar>
      <div className="space-y-8">
        {productId && movements && (
          <ProductStock
            key={productId}
            productId={productId}
            title={chosen?.title ?? 'This product'}
            movements={movements}
          />
        )}
        <LowStock products={lowStock} />
      </div>
    </>
  );
}
