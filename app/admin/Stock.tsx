import { Link, useRevalidator, useSearchParams } from 'react-router';
import { z } from '../../core/contracts/zod';
import {
  MAX_LOW_STOCK_THRESHOLD,
  STOCK_MESSAGES,
  adjustStockEndpoint,
  lowStockThresholdEndpoint,
  stockAdjustmentSchema,
  type LowStockItem,
  type stockMovementsEndpoint,
} from '../../core/contracts/admin-stock';
import type { productListEndpoint } from '../../core/contracts/catalog';
import type { Success } from './api';
import { Field } from '../components/form/Field';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { change } from './api';
import { useAdminViewer } from './viewer';
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

/** The form's text, checked as the API checks the number it becomes. */
const adjustmentForm = stockAdjustmentSchema.extend({
  change: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,7}$/, STOCK_MESSAGES.changeRequired)
    .transform(Number)
    .pipe(stockAdjustmentSchema.shape.change),
});

const thresholdForm = z.object({
  threshold: z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, STOCK_MESSAGES.threshold)
    .transform((text) => (text === '' ? null : Number(text)))
    .refine((value) => value === null || value <= MAX_LOW_STOCK_THRESHOLD, STOCK_MESSAGES.threshold),
});

const toastOnly = { onFailure: toast.error, onInvalid: toast.error };

function AdjustmentForm({ productId, onAdjusted }: { productId: string; onAdjusted: () => void }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(adjustmentForm, toastOnly);
  const submit = form.handleSubmit(async (body) => {
    const { countInStock } = await change(csrfToken, adjustStockEndpoint, { params: { productId }, body });
    toast.success(`Stock is now ${countInStock}`);
    form.setValues({ change: '', reason: '' });
    onAdjusted();
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <h3 className="font-semibold">Adjust stock</h3>
      <Field label="Change (e.g. 5 or -2)" inputMode="numeric" required {...form.field('change')} />
      <Field label="Reason" required {...form.field('reason')} />
      <SubmitButton busy={form.busy} busyLabel="Saving...">
        Adjust stock
      </SubmitButton>
    </form>
  );
}

function ThresholdForm({ productId }: { productId: string }) {
  const { csrfToken } = useAdminViewer();
  const form = useForm(thresholdForm, toastOnly);
  const submit = form.handleSubmit(async (body) => {
    const answer = await change(csrfToken, lowStockThresholdEndpoint, { params: { productId }, body });
    toast.success(
      answer.threshold === null
        ? `Threshold follows the shop's default, ${answer.effectiveThreshold}`
        : `Threshold set to ${answer.threshold}`,
    );
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <h3 className="font-semibold">Low-stock threshold</h3>
      <Field label="Threshold (empty: the shop's default)" inputMode="numeric" {...form.field('threshold')} />
      <SubmitButton busy={form.busy} busyLabel="Saving...">
        Save threshold
      </SubmitButton>
    </form>
  );
}

const KIND_WORDS = {
  import: 'Stock in',
  sale: 'Sale',
  cancellation: 'Cancellation',
  expiry: 'Expired order',
  refund: 'Refund',
  adjustment: 'Adjustment',
} as const;

type MovementPage = Success<typeof stockMovementsEndpoint>;

/** A product's movements, newest first, as stacked rows that fit a phone. */
function Movements({ page: { movements, nextBefore } }: { page: MovementPage }) {
  const { revalidate } = useRevalidator();
  return (
    <section aria-labelledby="movements-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="movements-heading" className="font-semibold">
          Stock movements
        </h3>
        <button type="button" className={smallButtonClass} onClick={() => void revalidate()}>
          Refresh
        </button>
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
  const { revalidate } = useRevalidator();
  return (
    <Card className="space-y-6">
      <h2 className="text-lg font-semibold break-words">{title}</h2>
      <div className="grid gap-6 md:grid-cols-2">
        <AdjustmentForm productId={productId} onAdjusted={() => void revalidate()} />
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
