import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, productReviewsEndpoint, reviewFormData } from './reviews.ts';

describe('reviewFormData', () => {
  it("builds the spec's parts: productId, userId, reviewData as JSON, and each file as files", async () => {
    const reviewData = { fullname: 'Asha', email: 'asha@shop.in', rating: 5, title: 'Lovely', review: '<b>Yes</b>' };
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const form = reviewFormData({ productId: 'p1', userId: 'u1', reviewData, files: [photo, photo] });
    expect(form.get('productId')).toBe('p1');
    expect(form.get('userId')).toBe('u1');
    expect(JSON.parse(form.get('reviewData') as string)).toEqual(reviewData);
    expect(form.getAll('files')).toHaveLength(2);
  });
});

describe('the review list contract', () => {
  it('sorts newest first unless told highest, and refuses other sorts', () => {
    const query = productReviewsEndpoint.querystring;
    expect(query.parse({})).toEqual({ sort: 'newest' });
    expect(query.parse({ sort: 'highest' })).toEqual({ sort: 'highest' });
    expect(query.safeParse({ sort: 'best' }).error?.issues[0]?.message).toBe('sort must be newest or highest');
  });

  it('words its limits for the shopper', () => {
    expect(REVIEW_MESSAGES.tooManyFiles(1)).toBe('At most 1 photo can be attached');
    expect(REVIEW_MESSAGES.tooManyFiles(2)).toBe('At most 2 photos can be attached');
    expect(REVIEW_MESSAGES.tooLarge(2)).toBe('Each photo must be at most 2 MB');
  });
});
