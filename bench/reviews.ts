// A product's review list under load (issue 21): REVIEW_COUNT shoppers each write one review of the same product
// through the API, then GET get-reviews is read back to back, as browsers opening its Reviews tab would.
import autocannon from 'autocannon';
import { reviewFormData } from '../core/contracts/reviews.ts';
import { percentiles } from './cod-orders.ts';

export const REVIEW_COUNT = Number(process.env.BENCH_REVIEWS ?? 1000);
/** Readers at once: a popular product's page opened by many shoppers together. */
const READERS = Number(process.env.BENCH_REVIEW_READERS ?? 10);
/** Writes in flight at once: each may re-encode photos, so more only queue inside the shop. */
const WRITE_CONCURRENCY = 16;

export interface ReviewListLoad {
  reads: number;
  failures: number;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Each signed-up shopper (tokens) writes one review of the product, with 1 to 5 stars in turn. */
export async function writeReviews(origin: string, productId: string, tokens: string[]): Promise<void> {
  let next = 0;
  const write = async () => {
    for (let index = next++; index < tokens.length; index = next++) {
      const body = reviewFormData({
        productId,
        userId: 'bench',
        reviewData: {
          fullname: `Bench Reader ${index}`,
          email: `reader${index}@example.in`,
          rating: (index % 5) + 1,
          title: `Review number ${index}`,
          review: `What shopper ${index} thought of it, in a sentence or two: it arrived well packed and looks as shown.`,
        },
      });
      const response = await fetch(`${origin}/api/product/${productId}/add-product-reviews`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[index]}` },
        body,
      });
      if (response.status !== 201) throw new Error(`A review answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, write));
}

/** GET get-reviews (in the given order) from READERS keep-alive connections for `seconds`, compressed as browsers ask. */
export async function measureReviewList(
  origin: string,
  productId: string,
  sort: 'newest' | 'highest',
  seconds: number,
): Promise<ReviewListLoad> {
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const run = (duration: number, record: boolean) =>
    new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${origin}/api/product/${productId}/get-reviews?sort=${sort}`,
          connections: READERS,
          duration,
          headers: { 'accept-encoding': 'br, gzip' },
        },
        (error) => (error ? reject(error) : resolve()),
      );
      instance.on('response', (_client, statusCode, responseBytes, responseTime) => {
        if (!record) return;
        if (statusCode === 200) {
          latencies.push(responseTime);
          bytes = responseBytes;
        } else failures++;
      });
    });
  await run(3, false); // JIT and the list's cache settle first
  await run(seconds, true);
  return { reads: latencies.length, failures, bytes, ...percentiles(latencies) };
}

export const REVIEW_READERS = READERS;
