import { useRef, useState } from 'react';
import type { AdminProduct, adminCategoriesEndpoint } from '../../core/contracts/admin-products';
import { Field, TextAreaField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import type { Success } from './api';
import { Form } from 'react-router';
import { ChangeFields, useChangeForm } from './change-form';
import { DEFAULT_PRODUCT_PARCEL } from '../../core/constants';
import { PRODUCT_ROWS, rowKey, rowsOf, textAt, type ParcelField, type RowList } from './product-form';
import { PRODUCT_INTENTS } from './ProductImages';
import { Card, inputClass, labelClass, smallButtonClass } from './ui';

export type Categories = Success<typeof adminCategoriesEndpoint>['categories'];

/** The contract's messages of the last refused submit, by input name. */
type Errors = Readonly<Record<string, string>>;

/** What an input of the form needs: its name, where it starts, and the contract's message about it. */
interface Input {
  name: string;
  defaultValue: string;
  error?: string;
}

function CategorySelect({ input, categories }: { input: Input; categories: Categories }) {
  const { error, ...select } = input;
  return (
    <div>
      <label htmlFor="product-category" className={labelClass}>
        Category
      </label>
      <select
        id="product-category"
        {...select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-category-error' : undefined}
        className={inputClass}
      >
        <option value="">Choose a category…</option>
        {categories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
      {error && (
        <p id="product-category-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const ROW_WORDS: Record<RowList, { heading: string; item: string; add: string }> = {
  specs: { heading: 'Specs', item: 'Spec', add: 'Add a spec' },
  description: { heading: 'Description', item: 'Paragraph', add: 'Add a paragraph' },
  whatsInTheBox: { heading: "What's in the box", item: 'Item', add: 'Add an item' },
};

/** A row of a list as the form holds it: a key that stays while rows around it come and go, and its first texts. */
interface Row {
  key: number;
  initial: readonly string[];
}

/**
 * A list of rows (specs, paragraphs, box items), each removable, and a button to add one. The inputs keep what was
 * typed (they are the browser's own); their names follow their place, so the body's lists have no gaps.
 */
function Rows({ list, initial, errors }: { list: RowList; initial: string[][]; errors: Errors }) {
  const words = ROW_WORDS[list];
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((texts, key) => ({ key, initial: texts })));
  const add = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, initial: PRODUCT_ROWS[list].map(() => '') }]);
  };
  const input = (index: number, part: string, at: number, row: Row): Input => {
    const name = rowKey(list, index, part);
    return { name, defaultValue: row.initial[at] ?? '', error: errors[name] };
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">{words.heading}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-wrap items-end gap-2 rounded-md border border-stone-200 p-3">
          {list === 'specs' ? (
            <>
              <Field
                label={`Spec ${index + 1} name`}
                className="min-w-0 flex-1 basis-40"
                {...input(index, 'name', 0, row)}
              />
              <Field
                label={`Spec ${index + 1} value`}
                className="min-w-0 flex-1 basis-40"
                {...input(index, 'value', 1, row)}
              />
            </>
          ) : list === 'description' ? (
            <TextAreaField
              label={`Paragraph ${index + 1}`}
              rows={3}
              className="min-w-0 flex-1 basis-64"
              {...input(index, '', 0, row)}
            />
          ) : (
            <Field label={`Item ${index + 1}`} className="min-w-0 flex-1 basis-64" {...input(index, '', 0, row)} />
          )}
          <button
            type="button"
            className={smallButtonClass}
            onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
          >
            Remove {words.item.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      <button type="button" className={smallButtonClass} onClick={add}>
        {words.add}
      </button>
    </fieldset>
  );
}

/** A party of the listing facts: its name and address side by side. */
function Party({ who, label, field, hint }: { who: string; label: string; field: FieldOf; hint?: string }) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">{label}</legend>
      {hint && <p className="text-sm text-stone-600">{hint}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={`${label} name`} {...field(`listingFacts.${who}.name`)} />
        <Field label={`${label} address`} {...field(`listingFacts.${who}.address`)} />
      </div>
    </fieldset>
  );
}

function ListingFacts({ field, importerError }: { field: FieldOf; importerError?: string }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Listing facts</legend>
      <Party who="manufacturer" label="Manufacturer" field={field} />
      <Party who="packer" label="Packer" field={field} hint="Leave blank when the manufacturer packs it." />
      <Party who="importer" label="Importer" field={field} hint="Needed when the country of origin is not India." />
      {importerError && (
        <p role="alert" className="text-sm text-red-700">
          {importerError}
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-3">
        <Field label="Country of origin" {...field('listingFacts.countryOfOrigin')} />
        <Field label="Net quantity" {...field('listingFacts.netQuantity')} />
        <Field label="Dimensions (optional)" {...field('listingFacts.dimensions')} />
      </div>
      <fieldset className="space-y-2">
        <legend className="font-semibold">Consumer care</legend>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Consumer care name" {...field('listingFacts.consumerCare.name')} />
          <Field label="Consumer care phone" type="tel" {...field('listingFacts.consumerCare.phone')} />
          <Field label="Consumer care e-mail" type="email" {...field('listingFacts.consumerCare.email')} />
          <Field label="Consumer care address" {...field('listingFacts.consumerCare.address')} />
        </div>
      </fieldset>
    </fieldset>
  );
}

/** One unit's parcel, as couriers are asked about it: every product starts at 0.5 kg, 20 × 15 × 10 cm. */
function ParcelFields({ product, errors }: { product: AdminProduct | null; errors: Errors }) {
  const side = (name: ParcelField, label: string) => (
    <Field
      label={label}
      inputMode="decimal"
      name={name}
      error={errors[name]}
      defaultValue={String(product?.[name] ?? DEFAULT_PRODUCT_PARCEL[name])}
    />
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Parcel (one unit, packed)</legend>
      <p className="text-sm text-stone-700">Couriers price and serve by these, for delivery estimates and shipments.</p>
      <div className="grid gap-3 md:grid-cols-4">
        {side('weightKg', 'Weight (kg)')}
        {side('lengthCm', 'Length (cm)')}
        {side('breadthCm', 'Breadth (cm)')}
        {side('heightCm', 'Height (cm)')}
      </div>
    </fieldset>
  );
}

/** The props of the input of a name. */
type FieldOf = (name: string) => Input;

/**
 * The product's details: one form to create a product (with its opening stock) or to save one, posted to its page's
 * action, which checks it with the contract's schema: its messages show under the inputs they are about.
 */
export function ProductForm({ product, categories }: { product: AdminProduct | null; categories: Categories }) {
  const { busy, reply } = useChangeForm(PRODUCT_INTENTS.details);
  const refused = reply && !reply.ok ? reply : null;
  const errors: Errors = refused?.errors ?? {};
  const field: FieldOf = (name) => ({ name, error: errors[name], defaultValue: textAt(product, name) });
  const own = (name: 'title' | 'category' | 'originalPrice' | 'price', value: string | number | undefined): Input => ({
    name,
    error: errors[name],
    defaultValue: value === undefined ? '' : String(value),
  });
  return (
    <Card>
      <Form method="post" noValidate className="space-y-6" aria-label="Product details">
        <ChangeFields form={PRODUCT_INTENTS.details} intent={PRODUCT_INTENTS.details} />
        <FormAlert message={refused?.message ?? null} />
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Title" className="md:col-span-2" {...own('title', product?.title)} />
          <CategorySelect input={own('category', product?.category)} categories={categories} />
          {!product && (
            <Field
              label="Opening stock"
              inputMode="numeric"
              name="openingStock"
              defaultValue="0"
              error={errors.openingStock}
            />
          )}
          <Field label="MRP (₹)" inputMode="decimal" {...own('originalPrice', product?.originalPrice)} />
          <Field label="Selling price (₹)" inputMode="decimal" {...own('price', product?.price)} />
        </div>
        {product && (
          <p className="text-sm text-stone-700">
            Discount as saved: <strong>{product.discount}% off</strong> the MRP.
          </p>
        )}
        {(Object.keys(PRODUCT_ROWS) as RowList[]).map((list) => (
          <Rows key={list} list={list} initial={rowsOf(product, list)} errors={errors} />
        ))}
        <ParcelFields product={product} errors={errors} />
        <ListingFacts field={field} importerError={errors['listingFacts.importer']} />
        <SubmitButton busy={busy} busyLabel="Saving...">
          {product ? 'Save product' : 'Create product'}
        </SubmitButton>
      </Form>
    </Card>
  );
}
