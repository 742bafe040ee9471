/**
 * The product form's values and the body they become. The form kit holds flat strings, so each value is named by
 * its place in the API's body ('listingFacts.manufacturer.name', 'specs.2.value'): the contract's own schema checks
 * the body, and each of its messages lands under the input of that name.
 */
import { z } from '../../core/contracts/zod';
import { productCreateSchema, productUpdateSchema, type AdminProduct } from '../../core/contracts/admin-products';

export type ProductFormValues = Record<string, string>;

/** The lists of rows, each row's fields after its index ('' for a list of plain texts). */
export const PRODUCT_ROWS = {
  specs: ['name', 'value'],
  description: [''],
  whatsInTheBox: [''],
} as const;
export type RowList = keyof typeof PRODUCT_ROWS;

const PARTIES = ['manufacturer', 'packer', 'importer'] as const;
const CARE_FIELDS = ['name', 'phone', 'email', 'address'] as const;
const FACT_TEXTS = ['countryOfOrigin', 'netQuantity', 'dimensions'] as const;

const rowKey = (list: RowList, index: number, part: string) => (part ? `${list}.${index}.${part}` : `${list}.${index}`);

/** How many rows a list has: its keys are numbered from 0 without gaps. */
export function rowCount(values: ProductFormValues, list: RowList): number {
  let count = 0;
  while (rowKey(list, count, PRODUCT_ROWS[list][0]) in values) count += 1;
  return count;
}

/** The rows of a list as arrays of their parts' texts. */
const rowsOf = (values: ProductFormValues, list: RowList) =>
  Array.from({ length: rowCount(values, list) }, (_, index) =>
    PRODUCT_ROWS[list].map((part) => values[rowKey(list, index, part)] ?? ''),
  );

/** The values with a list's rows replaced, renumbered from 0. */
function withRows(values: ProductFormValues, list: RowList, rows: readonly (readonly string[])[]): ProductFormValues {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith(`${list}.`)));
  rows.forEach((row, index) =>
    PRODUCT_ROWS[list].forEach((part, at) => {
      kept[rowKey(list, index, part)] = row[at] ?? '';
    }),
  );
  return kept;
}

export const addRow = (values: ProductFormValues, list: RowList) =>
  withRows(values, list, [...rowsOf(values, list), PRODUCT_ROWS[list].map(() => '')]);

export const removeRow = (values: ProductFormValues, list: RowList, index: number) =>
  withRows(
    values,
    list,
    rowsOf(values, list).filter((_, at) => at !== index),
  );

/** The form's values for a product (or an empty one to create, with one empty row in each list). */
export function productFormValues(product: AdminProduct | null): ProductFormValues {
  const facts = product?.listingFacts ?? null;
  let values: ProductFormValues = {
    title: product?.title ?? '',
    category: product?.category ?? '',
    originalPrice: product ? String(product.originalPrice) : '',
    price: product ? String(product.price) : '',
  };
  if (!product) values.openingStock = '0';
  for (const party of PARTIES) {
    values[`listingFacts.${party}.name`] = facts?.[party]?.name ?? '';
    values[`listingFacts.${party}.address`] = facts?.[party]?.address ?? '';
  }
  for (const name of FACT_TEXTS) values[`listingFacts.${name}`] = facts?.[name] ?? '';
  for (const name of CARE_FIELDS) values[`listingFacts.consumerCare.${name}`] = facts?.consumerCare[name] ?? '';
  values = withRows(values, 'specs', product ? product.specs.map((spec) => [spec.name, spec.value]) : [['', '']]);
  values = withRows(
    values,
    'description',
    (product?.description ?? ['']).map((text) => [text]),
  );
  return withRows(
    values,
    'whatsInTheBox',
    (product?.whatsInTheBox ?? ['']).map((text) => [text]),
  );
}

/** A price or count as typed: blank is missing (the schema's message), anything else a number (NaN is refused). */
const numberOf = (text = '') => (text.trim() === '' ? undefined : Number(text.trim()));
const blank = (...texts: string[]) => texts.every((text) => text.trim() === '');

/** The body the values describe: rows left wholly blank and a packer or importer left blank are left out. */
export function productBody(values: ProductFormValues): Record<string, unknown> {
  const fact = (name: string) => values[`listingFacts.${name}`] ?? '';
  const party = (who: (typeof PARTIES)[number]) => {
    const name = fact(`${who}.name`);
    const address = fact(`${who}.address`);
    return who !== 'manufacturer' && blank(name, address) ? null : { name, address };
  };
  const texts = (list: 'description' | 'whatsInTheBox') =>
    rowsOf(values, list)
      .map(([text = '']) => text)
      .filter((text) => !blank(text));
  return {
    title: values.title ?? '',
    category: values.category ?? '',
    originalPrice: numberOf(values.originalPrice),
    price: numberOf(values.price),
    ...('openingStock' in values ? { openingStock: numberOf(values.openingStock) ?? 0 } : {}),
    specs: rowsOf(values, 'specs')
      .filter((row) => !blank(...row))
      .map(([name = '', value = '']) => ({ name, value })),
    description: texts('description'),
    whatsInTheBox: texts('whatsInTheBox'),
    listingFacts: {
      manufacturer: party('manufacturer'),
      packer: party('packer'),
      importer: party('importer'),
      countryOfOrigin: fact('countryOfOrigin'),
      netQuantity: fact('netQuantity'),
      dimensions: fact('dimensions'),
      consumerCare: Object.fromEntries(CARE_FIELDS.map((name) => [name, fact(`consumerCare.${name}`)])),
    },
  };
}

/**
 * A form schema over the flat values: the body checked by the contract's schema, each message keyed by its path
 * joined with dots, which is the name of the input it is about.
 */
function formSchemaFor<T>(bodySchema: z.ZodType<T>) {
  return z.record(z.string(), z.string()).transform((values, context): T => {
    const parsed = bodySchema.safeParse(productBody(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: [issue.path.join('.')] });
    }
    return z.NEVER;
  });
}

export const productCreateForm = formSchemaFor(productCreateSchema);
export const productUpdateForm = formSchemaFor(productUpdateSchema);

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
