import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewList } from './ReviewList';
import { REVIEWS_PAGE_SIZE } from './review-stats';

const reviews = Array.from({ length: REVIEWS_PAGE_SIZE + 5 }, (_, index) => ({
  _id: `r${index}`,
  title: `Review ${index}`,
  userName: 'Asha',
  rating: 4,
  message: index === 0 ? '<script>alert(1)</script>' : 'Fine.',
  images: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  verifiedPurchase: index === 0,
}));

describe('ReviewList', () => {
  it('shows a page of reviews and offers the rest, each review text as text', () => {
    const html = renderToStaticMarkup(createElement(ReviewList, { reviews }));
    expect(html.match(/data-testid="review"/g)).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(html).toContain('Show more reviews (5)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/Verified purchase/g)).toHaveLength(1);
  });

  it('offers no more when the page holds them all', () => {
    const html = renderToStaticMarkup(createElement(ReviewList, { reviews: reviews.slice(0, 3) }));
    expect(html.match(/data-testid="review"/g)).toHaveLength(3);
    expect(html).not.toContain('Show more');
  });
});
