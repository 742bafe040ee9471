import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../core/product';
import { loader } from '../routes/product';
import { ReviewsPanel } from './ReviewsPanel';
import { useProductReviews } from './use-product-reviews';
import type { FirstPaintReviews } from './review-stats';

const product = {
  _id: '6f0c8d2e-0000-4000-8000-000000000001',
  slug: 'brass-diya',
  title: 'Brass diya',
  price: 499,
  originalPrice: 599,
  image: [],
  description: ['A lamp.'],
  category: 'Lighting',
  countInStock: 3,
  rating: 4.5,
  numReviews: 12,
} as unknown as Product;

/** The product page's loader on a catalogue whose reviews fail to load (a database that stopped answering). */
const loadWithFailingReviews = () =>
  loader({
    params: { productId: product.slug },
    context: {
      catalog: {
        getProductBySlug: async () => product,
        getReviews: () => Promise.reject(new Error('connection terminated')),
      },
      origin: 'https://shop.example.in',
      shop: { name: 'Dukaan Decor' },
    },
  } as unknown as Parameters<typeof loader>[0]);

function Panel({ first }: { first: FirstPaintReviews }) {
  const reviews = useProductReviews(product._id, first);
  const session = { status: 'signed-out' as const, user: null };
  return createElement(ReviewsPanel, { product, reviews, shown: false, openForm: false, session });
}

describe('reviews that fail to load on the server', () => {
  it('leave the product page standing, with the reviews in their own failure state', async () => {
    const data = await loadWithFailingReviews();
    expect(data.product).toBe(product);
    expect(data.reviews.reviews).toBeNull();
    // The product's own average and count still show above the list.
    expect(data.reviews.summary).toMatchObject({ rating: 4.5, numReviews: 12 });
    const html = renderToStaticMarkup(createElement(Panel, { first: data.reviews }));
    expect(html).toContain('No Reviews Yet...');
    expect(html).toContain('Based on (12) reviews');
    expect(html).not.toContain('Error fetching product data');
  });
});
