import { describe, expect, it } from 'vitest';
import {
  PRODUCT_MESSAGES,
  productCreateSchema,
  productUpdateSchema,
  type AdminProduct,
} from '../../core/contracts/admin-products';
import { LISTING_FACTS_MESSAGES } from '../../core/contracts/listing-facts-input';
import { messagesByInput } from './api.server';
import { DEFAULT_PRODUCT_PARCEL } from '../../core/constants';
import { PARCEL_FIELDS, PRODUCT_ROWS, moved, productBody, rowKey, rowsOf, textAt, type RowList } from './product-form';

const facts = {
  manufacturer: { name: 'Kala Works', address: '12 Loom Street, Jaipur 302001' },
  packer: null,
  importer: null,
  countryOfOrigin: 'India',
  netQuantity: '1 unit',
  dimensions: '20 x 10 x 5 cm',
  consumerCare: { name: 'Kala Care', phone: '+91 98765 43210', email: 'care@kala.in', address: 'Jaipur' },
};

const product: AdminProduct = {
  _id: '0b6b2c8e-8f0e-4d5a-9c1e-2f3a4b5c6d7e',
  slug: 'brass-lamp',
  title: 'Brass lamp',
  category: 'lighting',
  originalPrice: 1000,
  price: 799.5,
  discount: 20,
  countInStock: 4,
  hidden: true,
  createdAt: '2026-11-27T06:00:00.000Z',
  updatedAt: '2026-11-27T06:00:00.000Z',
  specs: [{ name: 'Material', value: 'Brass' }],
  description: ['Hand made.', 'Polished.'],
  whatsInTheBox: ['1 lamp'],
  listingFacts: facts,
  images: [],
  weightKg: 1.25,
  lengthCm: 30,
  breadthCm: 12.5,
  heightCm: 8,
};

/** The inputs the form posts for a product, as it starts (an empty new product when null), with `changes` over them. */
function posted(
  start: AdminProduct | null,
  changes: Record<string, string> = {},
  extraRows: Partial<Record<RowList, number>> = {},
) {
  const form = new FormData();
  for (const name of ['title', 'category']) form.set(name, textAt(start, name));
  form.set('originalPrice', start ? String(start.originalPrice) : '');
  form.set('price', start ? String(start.price) : '');
  if (!start) form.set('openingStock', '0');
  for (const name of PARCEL_FIELDS) form.set(name, String(start?.[name] ?? DEFAULT_PRODUCT_PARCEL[name]));
  for (const list of Object.keys(PRODUCT_ROWS) as RowList[]) {
    const rows = [...rowsOf(start, list), ...Array.from({ length: extraRows[list] ?? 0 }, () => ['', ''])];
    rows.forEach((row, index) =>
      PRODUCT_ROWS[list].forEach((part, at) => form.set(rowKey(list, index, part), row[at] ?? '')),
    );
  }
  for (const party of ['manufacturer', 'packer', 'importer'])
    for (const part of ['name', 'address'])
      form.set(`listingFacts.${party}.${part}`, textAt(start, `listingFacts.${party}.${part}`));
  for (const name of ['countryOfOrigin', 'netQuantity', 'dimensions'])
    form.set(`listingFacts.${name}`, textAt(start, `listingFacts.${name}`));
  for (const name of ['name', 'phone', 'email', 'address'])
    form.set(`listingFacts.consumerCare.${name}`, textAt(start, `listingFacts.consumerCare.${name}`));
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  return form;
}

/** A new product's inputs with its required fields filled. */
const filledNew = (changes: Record<string, string> = {}) => {
  const form = posted(product, changes);
  form.set('openingStock', changes.openingStock ?? '5');
  return form;
};

/** The contract's messages for the inputs, by input name. */
const messages = (form: FormData) => {
  const parsed = productCreateSchema.safeParse(productBody(form));
  return parsed.success ? {} : messagesByInput(parsed.error);
};

describe("the product form's body", () => {
  it('start a new product empty, with one row per list and no stock', () => {
    expect([rowsOf(null, 'specs'), rowsOf(null, 'description'), rowsOf(null, 'whatsInTheBox')]).toEqual([
      [['', '']],
      [['']],
      [['']],
    ]);
    expect(productBody(posted(null))).toMatchObject({
      title: '',
      originalPrice: undefined,
      openingStock: 0,
      specs: [],
      weightKg: 0.5,
      lengthCm: 20,
    });
  });

  it('become the same body that the product was read as, its prices numbers', () => {
    const body = productBody(posted(product));
    expect(body).toEqual({
      title: 'Brass lamp',
      category: 'lighting',
      originalPrice: 1000,
      price: 799.5,
      specs: [{ name: 'Material', value: 'Brass' }],
      description: ['Hand made.', 'Polished.'],
      whatsInTheBox: ['1 lamp'],
      listingFacts: facts,
      weightKg: 1.25,
      lengthCm: 30,
      breadthCm: 12.5,
      heightCm: 8,
    });
    expect(productUpdateSchema.safeParse(body)).toMatchObject({ success: true, data: body });
  });

  it('leave rows wholly blank out of the body', () => {
    const form = posted(product, {}, { description: 1, specs: 1 });
    expect(form.has('description.2')).toBe(true);
    expect(productBody(form).description).toEqual(['Hand made.', 'Polished.']);
    expect(productBody(form).specs).toEqual([{ name: 'Material', value: 'Brass' }]);
  });

  it("carry the contract's messages under the inputs they are about", () => {
    const form = filledNew({
      title: ' ',
      price: '1200',
      originalPrice: 'abc',
      'specs.0.name': 'Size: large',
      'listingFacts.countryOfOrigin': 'China',
      'listingFacts.consumerCare.phone': 'call us',
      'listingFacts.manufacturer.address': '',
    });
    expect(messages(form)).toMatchObject({
      title: 'Title is required',
      originalPrice: expect.stringContaining('MRP must be an amount in rupees'),
      'specs.0.name': PRODUCT_MESSAGES.specName,
      'listingFacts.consumerCare.phone': LISTING_FACTS_MESSAGES.phone,
      'listingFacts.manufacturer.address': "Manufacturer's address is required",
    });
    expect(messages(filledNew({ price: '1200' }))).toEqual({ price: PRODUCT_MESSAGES.priceAboveMrp });
    expect(messages(filledNew({ 'listingFacts.countryOfOrigin': 'China' }))).toEqual({
      'listingFacts.importer': LISTING_FACTS_MESSAGES.importerRequired,
    });
  });

  it('refuse a parcel with no weight, a side of 0, or finer than a gram or a millimetre', () => {
    expect(messages(filledNew({ weightKg: '', lengthCm: '0', breadthCm: '12.25', heightCm: '301' }))).toEqual({
      weightKg: 'Weight must be in kg, from 0.001 to 100, to the gram (at most three decimals)',
      lengthCm: 'Length must be in cm, from 0.1 to 300, with at most one decimal',
      breadthCm: 'Breadth must be in cm, from 0.1 to 300, with at most one decimal',
      heightCm: 'Height must be in cm, from 0.1 to 300, with at most one decimal',
    });
    expect(messages(filledNew({ weightKg: '0.0005' }))).toHaveProperty('weightKg');
  });

  it('send a packer only when one is given, and the opening stock on create', () => {
    expect(messages(filledNew({ 'listingFacts.packer.name': 'Pack Co' }))).toEqual({
      'listingFacts.packer.address': "Packer's address is required",
    });
    expect(productCreateSchema.parse(productBody(filledNew()))).toMatchObject({
      openingStock: 5,
      listingFacts: { packer: null },
    });
  });
});
describe('moving an image', () => {
  it('swaps it with its neighbour, and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
