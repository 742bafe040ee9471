// Reviews in the browser (issue 21): the Reviews tab's list, histogram and form, as a guest and as a shopper who
// received the product.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { open, productsInStock, signInThroughPage, verifiedBuyer, type Shopper } from './helpers';
import { ownerSecrets } from './admin-helpers';
import { axeViolations } from './axe';
import { e2eOwner } from './owner';

/** The project owner's recovery code this spec signs in to the back office with (each spec its own: one use). */
const RECOVERY_CODE = 2;

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function bearer(request: APIRequestContext, { email, password }: Pick<Shopper, 'email' | 'password'>) {
  const response = await request.post('/api/auth/signin', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { accessToken: string }).accessToken}` };
}

/** The `admin_session` cookie an answer sets, as a Cookie header, or undefined when it sets none. */
const adminCookieOf = (headers: Array<{ name: string; value: string }>) => {
  const set = headers.find(
    ({ name, value }) => name.toLowerCase() === 'set-cookie' && value.startsWith('admin_session='),
  );
  return set?.value.split(';')[0];
};

/** The project's owner signed in to the back office through its API: the session cookie and CSRF headers. */
async function backOfficeHeaders(request: APIRequestContext, project: string): Promise<Record<string, string>> {
  const { email, password } = e2eOwner(project);
  const { recoveryCodes } = await ownerSecrets(project);
  const first = await request.post('/api/admin/session', { data: { email, password } });
  expect(first.status(), await first.text()).toBe(200);
  const started = { cookie: adminCookieOf(first.headersArray())!, 'x-csrf-token': (await first.json()).csrfToken };
  const second = await request.post('/api/admin/session/second-factor', {
    headers: started,
    data: { recoveryCode: recoveryCodes.at(RECOVERY_CODE) },
  });
  expect(second.status(), await second.text()).toBe(200);
  // The second factor may issue the session and CSRF tokens anew.
  const done = (await second.json()) as { csrfToken?: string };
  return {
    cookie: adminCookieOf(second.headersArray()) ?? started.cookie,
    'x-csrf-token': done.csrfToken ?? started['x-csrf-token'],
  };
}

/** A cash-on-delivery order of one product, walked to delivered in the back office (its only path, decision 0051). */
async function deliveredOrder(request: APIRequestContext, shopper: Shopper, productId: string, project: string) {
  const placed = await request.post('/api/orders/create-order', {
    headers: await bearer(request, shopper),
    data: {
      orderItems: [{ _id: productId, quantity: 1 }],
      shippingAddress: {
        fname: 'Kavya',
        lname: 'Menon',
        address1: '7 Marine Drive',
        address2: '',
        city: 'Kochi',
        state: 'Kerala',
        pincode: '682031',
        phone: '9847012345',
        email: shopper.email,
      },
      paymentMethod: 'cod',
      ageConfirmed: true,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const admin = await backOfficeHeaders(request, project);
  const tracking = { courier: 'Delhivery', trackingNumber: 'DL1234567890', trackingUrl: 'https://www.delhivery.com/' };
  for (const status of ['confirmed', 'packed', 'shipped', 'delivered']) {
    const data = { status, ...(status === 'shipped' ? tracking : {}) };
    const moved = await request.post(`/api/admin/orders/${orderId}/status`, { headers: admin, data });
    expect(moved.ok(), `${status}: ${await moved.text()}`).toBe(true);
  }
}

/** What the Reviews tab shows: its count and how many reviews gave `stars` stars. */
async function shownSummary(page: Page, stars: number) {
  const count = Number(/\((\d+)\)/.exec((await page.getByTestId('review-count').textContent()) ?? '')?.[1]);
  const row = page.getByTestId('rating-histogram').locator(`li[data-stars="${stars}"]`);
  const withStars = Number((await row.locator('span').last().textContent())?.trim());
  return { count, withStars };
}

test('a guest who clicks Write Review is asked to sign in, and no form opens', async ({ page, request }) => {
  test.slow(); // an axe run
  const products = (await (await request.get('/api/product/all-products')).json()).products as Array<{
    slug: string;
    numReviews: number;
  }>;
  const reviewed = products.find((product) => product.numReviews > 0) ?? products[0]!;
  await open(page, `/product/${reviewed.slug}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('heading', { name: 'Rating & Review' })).toBeVisible();
  await expect(page.getByTestId('rating-histogram').getByRole('listitem')).toHaveCount(5);
  expect(await axeViolations(page, '#product-tabs')).toEqual([]);
  await page.getByRole('button', { name: 'Write Review' }).click();
  await expect(toast(page, 'Signin to write a review')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the review request mail's link asks a guest to sign in", async ({ page, request }) => {
  const [product] = await productsInStock(request, 0);
  await open(page, `/product/${product!.slug}?review=1`);
  await expect(page.getByRole('tab', { name: /Reviews/ })).toHaveAttribute('aria-selected', 'true');
  await expect(toast(page, 'Signin to write a review')).toBeVisible();
});

test("a failed review fetch shows 'No Reviews Yet...' and the page keeps working", async ({ page, request }) => {
  const [product] = await productsInStock(request, 0);
  await page.route('**/get-reviews*', (route) => route.abort());
  await open(page, `/product/${product!.slug}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByText('No Reviews Yet...')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a shopper who received the product writes a review with a photo: stars, photo, badge and summary show it', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow(); // sign-up mail, an order walked to delivered, a photo processed
  // Each project reviews its own product, so the two never change the other's counts.
  const products = await productsInStock(request, 5);
  const product = products[testInfo.project.name === 'mobile' ? 1 : 0]!;
  const shopper = await verifiedBuyer(request);
  await deliveredOrder(request, shopper, product._id, testInfo.project.name);

  const path = `/product/${product.slug}`;
  await signInThroughPage(page, shopper, path);
  // The browser fetches the fresh list when the tab is first shown.
  const fresh = page.waitForResponse((response) => response.url().includes('/get-reviews'));
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('heading', { name: 'Rating & Review' })).toBeVisible();
  expect((await fresh).ok()).toBe(true);
  const before = await shownSummary(page, 4);

  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await expect(dialog).toBeVisible();
  // The page behind does not scroll while the form is open.
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  await expect(dialog.getByLabel('Full name')).toHaveValue('Kavya Menon');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // Nothing chosen yet: the spec's toasts in field order, title before rating before text.
  await dialog.getByRole('button', { name: 'Submit Now' }).click();
  await expect(toast(page, 'Title is required')).toBeVisible();
  const title = `Glows just right ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Submit Now' }).click();
  await expect(toast(page, 'Rating is required')).toBeVisible();

  // The stars are a radio group the arrow keys move through.
  await dialog.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const text = 'Warm light, solid brass. <script>alert("x")</script> & more';
  await dialog.getByLabel('Review', { exact: true }).fill(text);
  await expect(dialog.getByText(/up to 2 files/)).toBeVisible();
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c05621' } })
    .png()
    .toBuffer();
  await dialog.getByLabel(/Photos/).setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: photo });
  await dialog.getByRole('button', { name: 'Submit Now' }).click();
  await expect(toast(page, 'Review submitted successfully!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');

  const card = page.getByTestId('review').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(text, { exact: true })).toBeVisible(); // as written, as text
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(card.getByText('4 Stars')).toBeVisible();
  await expect(card.getByText('Verified purchase')).toBeVisible();
  const thumbnail = card.getByAltText(/^Photo 1 of 1 from /);
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => shownSummary(page, 4)).toEqual({ count: before.count + 1, withStars: before.withStars + 1 });
  await expect(page.getByRole('tab', { name: `Reviews (${before.count + 1})` })).toBeVisible();

  // The photo opens larger in a dialog that Escape closes.
  await card.getByRole('button', { name: /^Open larger: Photo 1/ }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /^Photo 1 of 1 from / })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sorting asks the server for its order.
  const sorted = page.waitForRequest((sent) => sent.url().includes('sort=highest'));
  await page.getByLabel('Sort by').selectOption('highest');
  await sorted;

  // The server's render already shows the badge, before the browser fetches the list.
  const serverOnly = await browser.newContext({ javaScriptEnabled: false });
  const rendered = await serverOnly.newPage();
  await rendered.goto(new URL(path, page.url()).href);
  const renderedCard = rendered.getByTestId('review').filter({ hasText: title });
  await expect(renderedCard.getByText('Verified purchase')).toHaveCount(1);
  await serverOnly.close();

  // A fresh page carries the same count and the new review in its search-engine data.
  await open(page, path);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.aggregateRating.reviewCount).toBe(before.count + 1);
  expect(jsonLd.review[0].name).toBe(title);
  expect(jsonLd.review[0].reviewBody).toBe(text);
});

test('a shopper who reviewed the product finds the form filled with their review, and can delete it', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // sign-up mail, a photo processed
  const products = await productsInStock(request, 5);
  const product = products[testInfo.project.name === 'mobile' ? 3 : 2]!;
  const shopper = await verifiedBuyer(request);
  const title = `Bright and even ${Date.now()}`;
  const reviewData = { fullname: 'Kavya Menon', email: shopper.email, rating: 5, title, review: 'No flicker.' };
  const photo = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  const written = await request.post(`/api/product/${product._id}/add-product-reviews`, {
    headers: await bearer(request, shopper),
    multipart: {
      productId: product._id,
      userId: 'ignored',
      reviewData: JSON.stringify(reviewData),
      files: { name: 'lamp.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(written.status(), await written.text()).toBe(201);

  await signInThroughPage(page, shopper, `/product/${product.slug}`);
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByTestId('review').filter({ hasText: title })).toBeVisible();
  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Review', { exact: true })).toHaveValue('No flicker.');
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const ownPhoto = dialog.getByAltText('Your photo 1');
  await expect.poll(() => ownPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Delete my review' }).click();
  await expect(toast(page, 'Your review was deleted')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('review').filter({ hasText: title })).toHaveCount(0);
});
