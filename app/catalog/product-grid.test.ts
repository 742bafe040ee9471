import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../../core/product';
import { HYDRATION_RUN, ProductGrid } from './ProductGrid';

const card = (n: number): ProductCard => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `product-${n}`,
  title: `Product ${n}`,
  image: '/media/abc/960.webp',
  originalPrice: 999,
  price: 499,
  isDiscount: true,
  discount: 50,
});

const cards = (count: number) => Array.from({ length: count }, (_, index) => card(index + 1));

/** The grid's server HTML. */
const gridHtml = (products: ProductCard[]) =>
  renderToString(createElement(MemoryRouter, null, createElement(ProductGrid, { products })));

/** The grid's server HTML reduced to its items and React's Suspense markers, in order. */
function outline(count: number): string[] {
  return [...gridHtml(cards(count)).matchAll(/<li|<!--\$-->|<!--\/\$-->/g)].map(([token]) =>
    token === '<li' ? 'card' : token,
  );
}

describe('a product grid hydrates in runs (decision 0046)', () => {
  it('puts each later run of cards in a Suspense boundary inside the one before', () => {
    const run = Array<string>(HYDRATION_RUN).fill('card');
    expect(outline(2 * HYDRATION_RUN + 1)).toEqual([
      ...run,
      '<!--$-->',
      ...run,
      '<!--$-->',
      'card',
      '<!--/$-->',
      '<!--/$-->',
    ]);
  });

  it('needs no boundary for a grid of one run', () => {
    expect(outline(HYDRATION_RUN)).toEqual(Array<string>(HYDRATION_RUN).fill('card'));
  });

  it('keeps every product, in order', () => {
    const products = cards(20);
    const slugs = [...gridHtml(products).matchAll(/href="\/product\/(product-\d+)"/g)].map(([, slug]) => slug);
    expect(slugs).toEqual(products.map((product) => product.slug));
  });
});
