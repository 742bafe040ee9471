// The products pages as the server renders them: every field of the form has its label (the e2e spec drives them).
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NewProduct, ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';
import { AdminViewerContext } from './viewer';
import type { AdminViewer } from '../../core/contracts/admin-session';
import type { AdminProduct } from '../../core/contracts/admin-products';

const viewer = { csrfToken: 'token' } as AdminViewer;
const categories = [{ slug: 'wall-art', name: 'Wall art' }];

/** A page as its route module renders it with its loader's data. */
function rendered(path: string, page: () => ReactElement): string {
  const Stub = createRoutesStub([
    { path: '/admin/*', Component: () => createElement(AdminViewerContext.Provider, { value: viewer }, page()) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [`/admin/${path}`] }));
}

const product = {
  _id: '0b6b2c8e-8f0e-4d5a-9c1e-2f3a4b5c6d7e',
  slug: 'brass-bell',
  title: 'Brass bell',
  category: 'wall-art',
  price: 400,
  originalPrice: 500,
  discount: 20,
  hidden: true,
  images: [],
  specs: [],
  description: [],
  whatsInTheBox: [],
  listingFacts: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
} as unknown as AdminProduct;

describe('the products pages', () => {
  it('render the new-product form with a label for each field', () => {
    const html = rendered('products/new', () => createElement(NewProduct, { categories }));
    for (const label of [
      'Title',
      'Category',
      'Opening stock',
      'MRP (₹)',
      'Selling price (₹)',
      'Spec 1 name',
      'Paragraph 1',
      'Item 1',
      'Manufacturer address',
      'Importer name',
      'Net quantity',
      'Consumer care e-mail',
    ]) {
      expect(html, label).toMatch(new RegExp(`<label[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(html).toContain('name="listingFacts.consumerCare.email"');
  });

  it("render the list and an editor from their loaders' data", () => {
    const list = { products: [], next: null };
    expect(rendered('products', () => createElement(ProductList, { data: list, categories }))).toContain('New product');
    const editor = rendered(`products/${product._id}`, () => createElement(ProductEditor, { product, categories }));
    expect(editor).toContain('Save product');
    expect(editor).toMatch(/<option value="wall-art"[^>]*>Wall art<\/option>/);
  });
});
