import type { ChangeEventHandler } from 'react';
import { useNavigate } from 'react-router';
import {
  createProductEndpoint,
  updateProductEndpoint,
  type AdminProduct,
  type adminCategoriesEndpoint,
  type ProductCreate,
  type ProductUpdate,
} from '../../core/contracts/admin-products';
import type { Success } from './api';
import { Field, TextAreaField } from '../components/form/Field';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { useForm, type FieldBinding } from '../lib/form';
import { toast } from '../lib/toast';
import { change } from './api';
import {
  PRODUCT_ROWS,
  addRow,
  productCreateForm,
  productFormValues,
  productUpdateForm,
  removeRow,
  rowCount,
  type RowList,
} from './product-form';
import { Card, inputClass, labelClass, smallButtonClass } from './ui';
import { useAdminViewer } from './viewer';

type Binding = (name: string) => FieldBinding;

export type Categories = Success<typeof adminCategoriesEndpoint>['categories'];

function CategorySelect({ binding, categories }: { binding: FieldBinding; categories: Categories }) {
  const { onChange, error, ...select } = binding;
  return (
    <div>
      <label htmlFor="product-category" className={labelClass}>
        Category
      </label>
      <select
        id="product-category"
        {...select}
        // The kit types its handler for inputs; a select's change event carries the same target.value.
        onChange={onChange as unknown as ChangeEventHandler<HTMLSelectElement>}
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

/** A list of rows (specs, paragraphs, box items), each removable, and a button to add one. */
function Rows({
  list,
  count,
  field,
  onAdd,
  onRemove,
}: {
  list: RowList;
  count: number;
  field: Binding;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const words = ROW_WORDS[list];
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">{words.heading}</legend>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2 rounded-md border border-stone-200 p-3">
          {list === 'specs' ? (
            <>
              <Field
                label={`Spec ${index + 1} name`}
                className="min-w-0 flex-1 basis-40"
                {...field(`specs.${index}.name`)}
              />
              <Field
                label={`Spec ${index + 1} value`}
                className="min-w-0 flex-1 basis-40"
                {...field(`specs.${index}.value`)}
              />
            </>
          ) : list === 'description' ? (
            <TextAreaField
              label={`Paragraph ${index + 1}`}
              rows={3}
              className="min-w-0 flex-1 basis-64"
              {...field(`description.${index}`)}
            />
          ) : (
            <Field
              label={`Item ${index + 1}`}
              className="min-w-0 flex-1 basis-64"
              {...field(`whatsInTheBox.${index}`)}
            />
          )}
          <button type="button" className={smallButtonClass} onClick={() => onRemove(index)}>
            Remove {words.item.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      <button type="button" className={smallButtonClass} onClick={onAdd}>
        {words.add}
      </button>
    </fieldset>
  );
}

/** A party of the listing facts: its name and address side by side. */
function Party({ who, label, field, hint }: { who: string; label: string; field: Binding; hint?: string }) {
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

function ListingFacts({ field, importerError }: { field: Binding; importerError?: string }) {
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

/**
 * The product's details: one form to create a product (with its opening stock) or to save one; checked by the
 * contract's schema, so its messages are the server's.
 */
export function ProductForm({
  product,
  categories,
  onSaved,
}: {
  product: AdminProduct | null;
  categories: Categories;
  onSaved?: (saved: AdminProduct) => void;
}) {
  const { csrfToken } = useAdminViewer();
  const navigate = useNavigate();
  const form = useForm(product ? productUpdateForm : productCreateForm, {
    initialValues: productFormValues(product),
    onInvalid: (message) => message,
    onFailure: toast.error,
  });
  const field: Binding = (name) => form.field(name);
  // The data is the create schema's output on /new and the update schema's on an editor; the form is one of them.
  const submit = form.handleSubmit(async (body) => {
    if (!product) {
      const created = await change(csrfToken, createProductEndpoint, { body: body as ProductCreate });
      toast.success('Product created: add its images, then show it in the shop');
      await navigate(`/admin/products/${created.product._id}`);
      return;
    }
    const saved = await change(csrfToken, updateProductEndpoint, {
      params: { productId: product._id },
      body: body as ProductUpdate,
    });
    toast.success('Product saved');
    onSaved?.(saved.product);
  });
  const rows = (list: RowList) => (
    <Rows
      list={list}
      count={rowCount(form.values, list)}
      field={field}
      onAdd={() => form.setValues(addRow(form.values, list))}
      onRemove={(index) => form.setValues(removeRow(form.values, list, index))}
    />
  );
  return (
    <Card>
      <form noValidate onSubmit={submit} className="space-y-6" aria-label="Product details">
        <FormAlert message={form.formError} />
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="Title" className="md:col-span-2" {...field('title')} />
          <CategorySelect binding={field('category')} categories={categories} />
          {!product && <Field label="Opening stock" inputMode="numeric" {...field('openingStock')} />}
          <Field label="MRP (₹)" inputMode="decimal" {...field('originalPrice')} />
          <Field label="Selling price (₹)" inputMode="decimal" {...field('price')} />
        </div>
        {product && (
          <p className="text-sm text-stone-700">
            Discount as saved: <strong>{product.discount}% off</strong> the MRP.
          </p>
        )}
        {(Object.keys(PRODUCT_ROWS) as RowList[]).map((list) => (
          <div key={list}>{rows(list)}</div>
        ))}
        <ListingFacts field={field} importerError={form.errors['listingFacts.importer']} />
        <SubmitButton busy={form.busy} busyLabel="Saving...">
          {product ? 'Save product' : 'Create product'}
        </SubmitButton>
      </form>
    </Card>
  );
}
