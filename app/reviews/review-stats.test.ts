import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../core/contracts/reviews';
import { SIGN_IN_TO_REVIEW } from './messages';
import {
  firstPaintReviews,
  histogramOf,
  histogramPercent,
  REVIEWS_PAGE_SIZE,
  sortReviews,
  summarize,
} from './review-stats';

const review = (rating: number, createdAt: string, title = `${rating} at ${createdAt}`) => ({
  rating,
  createdAt,
  title,
});

describe('the review histogram', () => {
  it('counts each number of stars, 5 first, with every row present', () => {
    expect(histogramOf([review(5, 'a'), review(3, 'b'), review(5, 'c'), review(1, 'd')])).toEqual([
      { stars: 5, count: 2 },
      { stars: 4, count: 0 },
      { stars: 3, count: 1 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
  });

  it('has five empty rows for no reviews', () => {
    expect(histogramOf([]).map(({ count }) => count)).toEqual([0, 0, 0, 0, 0]);
  });

  it('gives each bar its share in whole percent, 0 without reviews', () => {
    expect(histogramPercent(1, 3)).toBe(33);
    expect(histogramPercent(2, 3)).toBe(67);
    expect(histogramPercent(0, 0)).toBe(0);
  });

  it('summarises a list with the average to one decimal, as the product has it', () => {
    expect(summarize([review(5, 'a'), review(4, 'b'), review(4, 'c')])).toMatchObject({ rating: 4.3, numReviews: 3 });
    expect(summarize([])).toMatchObject({ rating: 0, numReviews: 0 });
  });
});

describe('sorting reviews', () => {
  const list = [
    review(3, '2026-11-02T10:00:00.000Z'),
    review(5, '2026-11-01T10:00:00.000Z'),
    review(5, '2026-11-03T10:00:00.000Z'),
    review(1, '2026-11-04T10:00:00.000Z'),
  ];

  it('puts the newest first', () => {
    expect(sortReviews(list, 'newest').map(({ createdAt }) => createdAt.slice(8, 10))).toEqual([
      '04',
      '03',
      '02',
      '01',
    ]);
  });

  it('puts the most stars first, the newer first among equals', () => {
    expect(sortReviews(list, 'highest').map(({ rating, createdAt }) => `${rating}/${createdAt.slice(8, 10)}`)).toEqual([
      '5/03',
      '5/01',
      '3/02',
      '1/04',
    ]);
  });

  it('leaves the given list as it was', () => {
    const before = [...list];
    sortReviews(list, 'highest');
    expect(list).toEqual(before);
  });
});

/** A review as the list gives it. */
const listed = (rating: number, day: string, _id: string) => ({
  ...review(rating, `${day}T00:00:00.000Z`),
  _id,
  userName: _id.toUpperCase(),
  message: '',
  images: [],
  verifiedPurchase: rating > 3,
  updatedAt: `${day}T00:00:00.000Z`,
});

describe('the server-rendered first paint', () => {
  it("shows the product's average and count, and the list's histogram, newest first", () => {
    const first = firstPaintReviews({ rating: 4, numReviews: 2 }, [
      listed(3, '2026-11-01', 'a'),
      listed(5, '2026-11-02', 'b'),
    ]);
    expect(first.summary).toMatchObject({ rating: 4, numReviews: 2 });
    expect(first.summary.histogram[0]).toEqual({ stars: 5, count: 1 });
    expect(first.reviews!.map(({ _id }) => _id)).toEqual(['b', 'a']);
  });

  it('carries the newest page of a long list, with the histogram of all of it', () => {
    const days = Array.from({ length: REVIEWS_PAGE_SIZE + 5 }, (_, day) => day + 1);
    const all = days.map((day) => listed(day % 2 ? 5 : 1, `2026-10-${String(day).padStart(2, '0')}`, `r${day}`));
    const first = firstPaintReviews({ rating: 3, numReviews: all.length }, all);
    expect(first.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.reviews![0]!._id).toBe(`r${days.length}`);
    expect(first.summary.histogram.reduce((sum, { count }) => sum + count, 0)).toBe(all.length);
  });
});

it("the panel's sign-in toast is the contract's", () => {
  expect(SIGN_IN_TO_REVIEW).toBe(REVIEW_MESSAGES.signIn);
});
