import { describe, expect, it } from 'vitest';
import { pageViewOf } from './analytics';

describe('pageViewOf', () => {
  it("names a storefront path's page type, and a product page's slug, never the rest of the path", () => {
    expect(
      [
        '/',
        '/shop',
        '/product/brass-diya-lamp',
        '/product/Not A Slug',
        '/cart',
        '/checkout',
        '/payment/status',
        '/shipping-policy',
        '/terms-of-service',
        '/signin',
        '/reset-password/4f0c2b7e-secret-token',
        '/verify-email/abc',
        '/profile/orders',
        '/track-your-order',
        '/about-us',
        '/contact-us',
        '/no-such-page',
      ].map(pageViewOf),
    ).toEqual([
      { page: 'home' },
      { page: 'shop' },
      { page: 'product', product: 'brass-diya-lamp' },
      { page: 'product' },
      { page: 'cart' },
      { page: 'checkout' },
      { page: 'checkout' },
      { page: 'policy' },
      { page: 'policy' },
      { page: 'account' },
      { page: 'account' },
      { page: 'account' },
      { page: 'account' },
      { page: 'account' },
      { page: 'other' },
      { page: 'other' },
      { page: 'other' },
    ]);
  });

  it('leaves the back office uncounted', () => {
    expect(pageViewOf('/admin')).toBeNull();
    expect(pageViewOf('/admin/orders/123')).toBeNull();
  });
});
