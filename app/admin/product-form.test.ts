import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, type AdminProduct } from '../../core/contracts/admin-products';
import { LISTING_FACTS_MESSAGES } from '../../core/contracts/listing-facts-input';
import { validateValues } from '../lib/form';
import {
  addRow,
  moved,
  productBody,
  productCreateForm,
  productFormValues,
  productUpdateForm,
  removeRow,
  rowCount,
} from './product-form';

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
};

/** A new product's values with its required fields filled. */
function filledNew() {
  const values = productFormValues(null);
  return {
    ...values,
    ...productFormValues(product),
    openingStock: '5',
  };
}

describe("the product form's values", () => {
  it('start a new product empty, with one row per list and no stock', () => {
    const values = productFormValues(null);
    expect(values).toMatchObject({ title: '', originalPrice: '', openingStock: '0', 'specs.0.name': '' });
    expect([rowCount(values, 'specs'), rowCount(values, 'description'), rowCount(values, 'whatsInTheBox')]).toEqual([
      1, 1, 1,
    ]);
  });

  it('become the same body that the product was read as', () => {
    const body = productBody(productFormValues(product));
    expect(body).toEqual({
      title: 'Brass lamp',
      category: 'lighting',
      originalPrice: 1000,
      price: 799.5,
      specs: [{ name: 'Material', value: 'Brass' }],
      description: ['Hand made.', 'Polished.'],
      whatsInTheBox: ['1 lamp'],
      listingFacts: facts,
    });
    expect(validateValues(productUpdateForm, productFormValues(product))).toEqual({ data: body, errors: {} });
  });

  it('add, remove and renumber rows, leaving blank rows out of the body', () => {
    let values = addRow(productFormValues(product), 'description');
    expect(rowCount(values, 'description')).toBe(3);
    expect(productBody(values).description).toEqual(['Hand made.', 'Polished.']);
    values = removeRow(values, 'description', 0);
    expect(values).toMatchObject({ 'description.0': 'Polished.', 'description.1': '' });
    expect(rowCount(values, 'description')).toBe(2);
    expect(values).not.toHaveProperty('description.2');
  });

  it("carry the contract's messages under the inputs they are about", () => {
    const values = {
      ...filledNew(),
      title: ' ',
      price: '1200',
      originalPrice: 'abc',
      'specs.0.name': 'Size: large',
      'listingFacts.countryOfOrigin': 'China',
      'listingFacts.consumerCare.phone': 'call us',
      'listingFacts.manufacturer.address': '',
    };
    const { errors } = validateValues(productCreateForm, values);
    expect(errors).toMatchObject({
      title: 'Title is required',
      originalPrice: expect.stringContaining('MRP must be an amount in rupees'),
      'specs.0.name': PRODUCT_MESSAGES.specName,
      'listingFacts.consumerCare.phone': LISTING_FACTS_MESSAGES.phone,
      'listingFacts.manufacturer.address': "Manufacturer's address is required",
    });
    const priced = validateValues(productCreateForm, { ...filledNew(), price: '1200' }).errors;
    expect(priced).toEqual({ price: PRODUCT_MESSAGES.priceAboveMrp });
    const imported = { ...filledNew(), 'listingFacts.countryOfOrigin': 'China' };
    expect(validateValues(productCreateForm, imported).errors).toEqual({
      'listingFacts.importer': LISTING_FACTS_MESSAGES.importerRequired,
    });
  });

  it('send a packer only when one is given, and the opening stock on create', () => {
    const values = { ...filledNew(), 'listingFacts.packer.name': 'Pack Co' };
    expect(validateValues(productCreateForm, values).errors).toEqual({
      'listingFacts.packer.address': "Packer's address is required",
    });
    const { data } = validateValues(productCreateForm, filledNew());
    expect(data).toMatchObject({ openingStock: 5, listingFacts: { packer: null } });
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
