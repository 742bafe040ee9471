import { describe, expect, it } from 'vitest';
import { orderTestShop, verifiedShopper } from '../testing/orders.ts';
import { reviewFormData } from '../../core/contracts/reviews.ts';

const { shop, supplyProduct } = orderTestShop({ REVIEWS_PER_HOUR: '2' });

const review = { fullname: 'Asha Verma', email: 'asha@example.in', rating: 5, title: 'Good', review: 'Solid.' };

function write(productId: string, bearer: Record<string, string>) {
  return shop().app.inject({
    method: 'POST',
    url: `/api/product/${productId}/add-product-reviews`,
    headers: bearer,
    payload: reviewFormData({ productId, userId: 'x', reviewData: review }),
  });
}

describe('REVIEWS_PER_HOUR', () => {
  it("refuses a shopper's writes past the hourly allowance with 429 and Retry-After; other shoppers still write", async () => {
    const [first, second] = await Promise.all([supplyProduct({ stock: 3 }), supplyProduct({ stock: 3 })]);
    const asha = await verifiedShopper(shop());
    expect((await write(first, asha.bearer)).statusCode).toBe(201);
    expect((await write(second, asha.bearer)).statusCode).toBe(201);
    const refused = await write(first, asha.bearer);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toMatch(/try again/i);

    const ravi = await verifiedShopper(shop());
    expect((await write(first, ravi.bearer)).statusCode).toBe(201);
  });
});
