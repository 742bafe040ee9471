// The back office's products in the browser (issue 22): the owner creates a product with its listing facts, adds two
// images, shows it, and the shop lists it with its facts; hidden again, its page is a 404 and it leaves the sitemap.
// Signs in with a recovery code of its own (the last), so it never races admin.spec.ts for the same TOTP window.
import { expect, test } from '@playwright/test';
import {
  createProduct,
  expectAccessible,
  expectNoSidewaysScroll,
  signInOwnerWithRecoveryCode,
  toast,
  uploadTwoImages,
} from './admin-helpers';
import { open } from './helpers';

/** admin.spec.ts uses the owner's first recovery code, admin-orders.spec.ts the second; this spec the last. */
const RECOVERY_CODE = -1;

test('the owner lists a product with its facts and images, shows it, then hides it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const title = `E2E brass bell ${testInfo.project.name} ${Date.now()}`;
  await signInOwnerWithRecoveryCode(page, testInfo.project.name, RECOVERY_CODE);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  // The contract's own messages, before anything is sent.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Title is required').first()).toBeVisible();
  await expectAccessible(page);

  await createProduct(page, title, 7);
  await expect(page.getByText('20% off')).toBeVisible();
  // Shown without an image is refused with the server's message.
  await page.getByRole('button', { name: 'Unhide', exact: true }).click();
  await expect(toast(page, 'needs at least one image')).toBeVisible();

  await uploadTwoImages(page);
  await page.getByRole('button', { name: 'Move image 2 up' }).click();
  await page.getByLabel(/^Image 1 alt text/).fill('Brass bell, side view');
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(toast(page, 'Images saved')).toBeVisible();
  await expect(page.getByLabel(/^Image 1 alt text/)).toHaveValue('Brass bell, side view');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Unhide', exact: true }).click();
  await expect(toast(page, 'Product shown in the shop')).toBeVisible();
  const productPath = (await page.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!;
  const editor = new URL(page.url()).pathname;

  await open(page, '/shop');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const productPage = await open(page, productPath);
  expect(productPage?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Legal information' })).toBeAttached();
  await expect(page.getByText('Kala Metal Works, 12 Thatheri Bazaar, Varanasi 221001')).toBeAttached();
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`${productPath}<`);

  // Its stock (the stock module's page): two damaged units written off, then a threshold it is now at or below.
  await open(page, editor);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await page.getByLabel('Product', { exact: true }).selectOption({ label: `${title} (7 in stock)` });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByLabel('Change (e.g. 5 or -2)').fill('-2');
  await page.getByLabel('Reason').fill('Damaged in transit');
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(toast(page, 'Stock is now 5')).toBeVisible();
  const movements = page.getByRole('region', { name: 'Stock movements' });
  await expect(movements.getByRole('listitem').first()).toContainText('Adjustment -2');
  await expect(movements.getByRole('listitem').first()).toContainText('Damaged in transit');
  await expect(
    page.getByLabel('Product', { exact: true }).locator('option', { hasText: `${title} (5 in stock)` }),
  ).toBeAttached();
  await page.getByLabel("Threshold (empty: the shop's default)").fill('6');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await expect(toast(page, 'Threshold set to 6')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Low stock' }).getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);

  await open(page, editor);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toast(page, 'Product hidden')).toBeVisible();
  expect((await page.request.get(productPath)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`${productPath}<`);

  // The list finds it by its words, hidden.
  await open(page, `/admin/products?q=${encodeURIComponent(title)}&hidden=true`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('listitem').getByText('Hidden', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
