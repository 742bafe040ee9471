/**
 * The product form's body (issue 32): the browser posts its inputs, each named by its place in the API's body
 * ('listingFacts.manufacturer.name', 'specs.2.value'), and the page's action builds the body from them, prices and
 * stock as numbers, for the contract's own schema to check; each of its messages lands under the input of that name.
 */
import type { AdminProduct } from '../../core/contracts/admin-products';

/** One unit's parcel, in kg and cm. */
export const PARCEL_FIELDS = ['weightKg', 'lengthCm', 'breadthCm', 'heightCm'] as const;
export type ParcelField = (typeof PARCEL_FIELDS)[number];

/** The lists of rows, each row's fields after its index ('' for a list of plain texts). */
export const PRODUCT_ROWS = {
  specs: ['name', 'value'],
  description: [''],
  whatsInTheBox: [''],
} as const;
export type RowList = keyof typeof PRODUCT_ROWS;

export const PARTIES = ['manufacturer', 'packer', 'importer'] as const;
export const CARE_FIELDS = ['name', 'phone', 'email', 'address'] as const;

/** An input's name in a list: 'specs.2.value', 'description.0'. */
export const rowKey = (list: RowList, index: number, part: string) =>
  part ? `${list}.${index}.${part}` : `${list}.${index}`;

/** The texts a list's rows start with on the form: the product's (or one empty row for a new product). */
export function rowsOf(product: AdminProduct | null, list: RowList): string[][] {
  if (!product) return [PRODUCT_ROWS[list].map(() => '')];
  if (list === 'specs') return product.specs.map((spec) => [spec.name, spec.value]);
  return product[list].map((text) => [text]);
}

/** The text an input starts with: the product's value at the input's name ('listingFacts.packer.name'), or ''. */
export function textAt(product: AdminProduct | null, name: string): string {
  let value: unknown = product;
  for (const key of name.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/** What a posted form holds (FormData). */
interface PostedFields {
  get(name: string): FormDataEntryValue | null;
  has(name: string): boolean;
}

/** A price or count as typed: blank is missing (the schema's message), anything else a number (NaN is refused). */
function numberOf(value: FormDataEntryValue | null): number | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? undefined : Number(text);
}

const blank = (...texts: string[]) => texts.every((text) => text.trim() === '');

/**
 * The body the posted inputs describe: rows left wholly blank and a packer or importer left blank are left out;
 * the opening stock only where the form has it (a new product), 0 when blank.
 */
export function productBody(form: PostedFields): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const rows = (list: RowList) => {
    const found: string[][] = [];
    while (form.has(rowKey(list, found.length, PRODUCT_ROWS[list][0])))
      found.push(PRODUCT_ROWS[list].map((part) => text(rowKey(list, found.length, part))));
    return found.filter((row) => !blank(...row));
  };
  const fact = (name: string) => text(`listingFacts.${name}`);
  const party = (who: (typeof PARTIES)[number]) => {
    const name = fact(`${who}.name`);
    const address = fact(`${who}.address`);
    return who !== 'manufacturer' && blank(name, address) ? null : { name, address };
  };
  return {
    title: text('title'),
    category: text('category'),
    originalPrice: numberOf(form.get('originalPrice')),
    price: numberOf(form.get('price')),
    ...(form.has('openingStock') ? { openingStock: numberOf(form.get('openingStock')) ?? 0 } : {}),
    // The form always shows them: blank is a mistake to name (NaN), not the schema's default.
    ...Object.fromEntries(
      PARCEL_FIELDS.filter((name) => form.has(name)).map((name) => [name, numberOf(form.get(name)) ?? Number.NaN]),
    ),
    specs: rows('specs').map(([name = '', value = '']) => ({ name, value })),
    description: rows('description').map(([paragraph = '']) => paragraph),
    whatsInTheBox: rows('whatsInTheBox').map(([item = '']) => item),
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

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
