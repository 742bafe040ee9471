// The products pages as the server renders them: every field of the form has its label (the e2e spec drives them).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminPageAt } from './pages';
import { AdminViewerContext } from './viewer';
import type { AdminViewer } from '../../core/contracts/admin-session';

const viewer = { csrfToken: 'token' } as AdminViewer;

function rendered(path: string): string {
  const page = adminPageAt(path)!;
  const Stub = createRoutesStub([
    { path: '/admin/*', Component: () => createElement(AdminViewerContext.Provider, { value: viewer }, page.render()) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [`/admin/${path}`] }));
}

describe('the products pages', () => {
  it('render the new-product form with a label for each field', () => {
    const html = rendered('products/new');
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

  it('render the list and an editor while they load', () => {
    expect(rendered('products')).toContain('New product');
    expect(rendered('products/0b6b2c8e-8f0e-4d5a-9c1e-2f3a4b5c6d7e')).toContain('Loading…');
  });
});
