// The back office's products in the browser (issue 22): the owner creates a product with its listing facts, adds two
// images, shows it, and the shop lists it with its facts; hidden again, its page is a 404 and it leaves the sitemap.
// Signs in with a recovery code of its own (the last), so it never races admin.spec.ts for the same TOTP window.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { open } from './helpers';
import { E2E_OWNER_FILE, e2eOwner } from './owner';

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function signInAsOwner(page: Page, project: string) {
  const { email, password } = e2eOwner(project);
  const owners = JSON.parse(await readFile(E2E_OWNER_FILE, 'utf8')) as Record<string, { recoveryCodes: string[] }>;
  await open(page, '/admin/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(owners[project]!.recoveryCodes.at(-1)!);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.slice(0, 3).map((node) => node.target) })),
  ).toEqual([]);
}

const png = async (background: string) => ({
  name: `${background.slice(1)}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer(),
});

test('the owner lists a product with its facts and images, shows it, then hides it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const title = `E2E brass bell ${testInfo.project.name} ${Date.now()}`;
  await signInAsOwner(page, testInfo.project.name);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

  // The contract's own messages, before anything is sent.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Title is required').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Title').fill(title);
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Opening stock').fill('7');
  await page.getByLabel('MRP (₹)').fill('1000');
  await page.getByLabel('Selling price (₹)').fill('800');
  await page.getByLabel('Spec 1 name').fill('Material');
  await page.getByLabel('Spec 1 value').fill('Brass');
  await page.getByLabel('Paragraph 1').fill('A hand-cast temple bell.');
  await page.getByLabel('Item 1').fill('1 bell');
  await page.getByLabel('Manufacturer name').fill('Kala Metal Works');
  await page.getByLabel('Manufacturer address').fill('12 Thatheri Bazaar, Varanasi 221001');
  await page.getByLabel('Country of origin').fill('India');
  await page.getByLabel('Net quantity').fill('1 unit');
  await page.getByLabel('Consumer care name').fill('Kala Care');
  await page.getByLabel('Consumer care phone').fill('+91 98765 43210');
  await page.getByLabel('Consumer care e-mail').fill('care@kala.example.in');
  await page.getByLabel('Consumer care address').fill('Varanasi 221001');
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('20% off')).toBeVisible();
  // Shown without an image is refused with the server's message.
  await page.getByRole('button', { name: 'Unhide', exact: true }).click();
  await expect(toast(page, 'needs at least one image')).toBeVisible();

  await page.getByLabel('Image files').setInputFiles([await png('#aa3300'), await png('#0033aa')]);
  await page.getByLabel(/^Alt text for these images/).fill('Brass bell');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Images uploaded')).toBeVisible();
  await expect(page.getByLabel(/^Image 2 alt text/)).toBeVisible();
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
