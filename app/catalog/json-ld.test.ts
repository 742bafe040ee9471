import { describe, expect, it } from 'vitest';
import type { Product, Review } from '../../core/product';
import { productJsonLd, REVIEWS_IN_JSON_LD } from './json-ld';

const product = {
  _id: '00000000-0000-4000-8000-000000000001',
  slug: 'brass-lamp',
  title: 'Brass Lamp',
  category: 'lighting',
  image: ['/media/a/960.webp'],
  originalPrice: 2000,
  price: 1500,
  isDiscount: true,
  discount: 25,
  createdAt: '2026-01-01T00:00:00.000Z',
  specs: [],
  description: ['A lamp.'],
  whatsInTheBox: [],
  countInStock: 3,
  rating: 4.5,
  numReviews: 7,
  imageAlt: [],
  listingFacts: null,
} satisfies Product;

const review = (index: number): Review => ({
  _id: `00000000-0000-4000-8000-00000000010${index}`,
  title: `Title ${index}`,
  userName: 'Kavya',
  rating: 4,
  message: '<script>alert(1)</script>',
  images: index === 0 ? ['/media/p/960.webp'] : [],
  createdAt: `2026-11-0${index + 1}T00:00:00.000Z`,
});

describe('the product JSON-LD', () => {
  it("carries the page's average and count, and the list's first reviews in its order", () => {
    const reviews = Array.from({ length: 7 }, (_, index) => review(index));
    const data = productJsonLd(
      product,
      { reviews, summary: { rating: 4.2, numReviews: 7 } },
      'https://shop.in',
      'Shop',
    );
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.2, reviewCount: 7, bestRating: 5, worstRating: 1 });
    expect(data.review?.map(({ name }) => name)).toEqual(
      reviews.slice(0, REVIEWS_IN_JSON_LD).map(({ title }) => title),
    );
    expect(data.review?.[0]).toMatchObject({
      reviewBody: '<script>alert(1)</script>',
      image: ['https://shop.in/media/p/960.webp'],
      reviewRating: { ratingValue: 4 },
    });
  });

  it('has no rating or reviews for a product nobody has reviewed', () => {
    const data = productJsonLd(product, { reviews: [], summary: { rating: 0, numReviews: 0 } }, 'https://shop.in', 'S');
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });
});
