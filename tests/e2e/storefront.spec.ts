import { open } from './helpers';
import { expect, test, type Page } from '@playwright/test';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

test.describe('a visitor browses the shop', () => {
  test('home shows the carousel, the latest products and the snapshots', async ({ page }) => {
    const response = await open(page, '/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/home decor and collectible toys/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stylish, modern, elegant');
    await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    await expect(page.getByRole('heading', { name: 'Latest Products in Store' })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(12);
    await expect(page.getByRole('heading', { name: 'Product SnapShots' })).toBeVisible();
    // The carousel moves on by itself every 3 seconds.
    const slides = page.getByTestId('carousel-slide');
    await expect(slides).toHaveCount(4);
    // From whichever slide shows now (a slow machine may already be past the first), the next one follows.
    const activeSlide = () =>
      slides.evaluateAll((all) => all.findIndex((slide) => slide.getAttribute('data-active') === 'true'));
    const current = await activeSlide();
    expect(current).toBeGreaterThanOrEqual(0);
    await expect.poll(activeSlide, { timeout: 5000 }).toBe((current + 1) % 4);
    // The announcement marquee carries the banner messages.
    await expect(page.getByRole('region', { name: 'Announcements' })).toContainText(
      'Cash on delivery available across India',
    );
  });

  test('shop lists every product newest first with discount badges', async ({ page }) => {
    await open(page, '/shop');
    await expect(page.getByRole('heading', { name: 'Shop Our Latest Products' })).toBeVisible();
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(24);
    await expect(page.getByText('-70% OFF').first()).toBeVisible();
    const columns = await page
      .getByTestId('product-grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(isMobile(page) ? 2 : 3);
    // Titles over 40 characters are cut under 768 px.
    const cutTitles = page.getByTestId('product-card').getByText(/^.{40}\.\.\.$/);
    if (isMobile(page)) await expect(cutTitles.first()).toBeVisible();
    else for (const title of await cutTitles.all()) await expect(title).toBeHidden();
  });

  test('a product page shows everything a shopper needs', async ({ page }) => {
    await open(page, '/shop');
    await page.getByTestId('product-card').filter({ hasText: '-70% OFF' }).first().click();
    await expect(page).toHaveURL(/\/product\/cosmo-crew-/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cosmo Crew');
    await expect(page.getByText('-70% OFF').first()).toBeVisible();
    await expect(page.getByText(/In stock|Out of stock/)).toBeVisible();
    await expect(page.getByText('Delivery in 3 to 9 days')).toBeVisible();
    await expect(page.getByText('Guaranteed safe & secure checkout')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();

    const quantity = page.getByTestId('quantity');
    await expect(quantity).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveText('2');

    await expect(page.getByRole('heading', { name: "What's in the box?" })).toBeVisible();
    await page.getByRole('tab', { name: 'Additional Information' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await expect(page.getByRole('heading', { name: 'Rating & Review' })).toBeVisible();
    await expect(page.getByText(/Based on \(\d+\) reviews/)).toBeVisible();

    // Search engines get Product data with the price in INR.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.offers.priceCurrency).toBe('INR');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Cosmo Crew/);
  });

  test('a product without reviews says so, and Add to Cart fills the cart badge', async ({ page, request }) => {
    const { products } = await (await request.get('/api/product/all-products')).json();
    const unreviewed = products.find(
      (product: { numReviews: number; countInStock: number }) => product.numReviews === 0 && product.countInStock > 0,
    );
    await open(page, `/product/${unreviewed.slug}`);
    await page.getByRole('tab', { name: /Reviews/ }).click();
    await expect(page.getByText('No Reviews Yet...')).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
  });

  test('an out-of-stock product cannot be added', async ({ page, request }) => {
    const { products } = await (await request.get('/api/product/all-products')).json();
    const soldOut = products.find((product: { countInStock: number }) => product.countInStock === 0);
    await open(page, `/product/${soldOut._id}`);
    await expect(page).toHaveURL(`/product/${soldOut.slug}`);
    await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  test('a slow page shows a spinner, and a failed one says so', async ({ page }) => {
    await open(page, '/');
    await page.route('**/shop.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('link', { name: 'View all products' }).click();
    await expect(page.getByTestId('navigation-spinner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shop Our Latest Products' })).toBeVisible();
    await expect(page.getByTestId('navigation-spinner')).toBeHidden();

    await page.unroute('**/shop.data*');
    await open(page, '/');
    await page.route('**/shop.data*', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.getByRole('link', { name: 'View all products' }).click();
    await expect(page.getByText('Error fetching product data')).toBeVisible();
  });

  test('going back to a page the browser fetched asks the server nothing (kept 60 s after last use)', async ({
    page,
  }) => {
    await open(page, '/shop');
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.data')) fetched.push(pathname);
    });
    const shopHeading = page.getByRole('heading', { name: 'Shop Our Latest Products' });
    const card = page.getByTestId('product-card').first();
    const slug = (await card.getAttribute('href'))!.replace('/product/', '');
    await card.click();
    await expect(page).toHaveURL(`/product/${slug}`);
    await page.goBack(); // the server rendered /shop: fetched now, kept from here
    await expect(shopHeading).toBeVisible();
    await page.goForward();
    await expect(page.getByTestId('stock-status')).toBeVisible();
    await page.goBack();
    await expect(shopHeading).toBeVisible();
    expect(fetched).toEqual([`/product/${slug}.data`, '/shop.data']);
  });

  test('a policy page carries its content', async ({ page }) => {
    await open(page, '/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('15 May 2025')).toBeVisible();
    await open(page, '/about-us');
    await expect(page.getByText('Thank you for choosing us!')).toBeVisible();
  });

  test('an unknown path is a 404 page', async ({ page }) => {
    const response = await open(page, '/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Error, page not found' })).toBeVisible();
    expect((await open(page, '/product/no-such-product'))?.status()).toBe(404);
  });

  test('every path change scrolls to the top', async ({ page }) => {
    await open(page, '/shop');
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId('product-card').last().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
