// The back office's e2e steps, shared by the admin specs: toasts, the page checks, and signing in as the owner.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from './axe';
import { open } from './helpers';
import { E2E_OWNER_FILE, e2eOwner } from './owner';

export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

export async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export async function passwordStep(page: Page, email: string, password: string) {
  await open(page, '/admin/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The project's owner's authenticator secret and recovery codes, as create-owner.ts wrote them. */
export async function ownerSecrets(project: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const owners = JSON.parse(await readFile(E2E_OWNER_FILE, 'utf8')) as Record<
    string,
    { secret: string; recoveryCodes: string[] }
  >;
  return owners[project]!;
}

/**
 * Signs the project's owner in with one of their recovery codes (each spec its own: a code works once), so specs
 * running side by side never race admin.spec.ts for the same 30-second authenticator code.
 */
export async function signInOwnerWithRecoveryCode(page: Page, project: string, codeIndex: number) {
  const owner = e2eOwner(project);
  const { recoveryCodes } = await ownerSecrets(project);
  await passwordStep(page, owner.email, owner.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes.at(codeIndex)!);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return owner;
}

/** A small PNG of one colour, as the image upload takes it. */
export async function pngFile(background: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
  return { name: `${background.slice(1)}.png`, mimeType: 'image/png', buffer };
}

/**
 * On /admin/products/new: fills in `title` in the first category, ₹1000 MRP sold at ₹800, its specs, description,
 * box contents and the Legal Metrology facts, with `openingStock` in stock, and creates it (hidden, as new products are).
 */
export async function createProduct(page: Page, title: string, openingStock: number) {
  // The list's filters have labels like these: fill nothing before the form is there.
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Opening stock').fill(String(openingStock));
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
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** In the product editor: uploads two images with one alt text. */
export async function uploadTwoImages(page: Page) {
  await page.getByLabel('Image files').setInputFiles([await pngFile('#aa3300'), await pngFile('#0033aa')]);
  await page.getByLabel(/^Alt text for these images/).fill('Brass bell');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Images uploaded')).toBeVisible();
  await expect(page.getByLabel(/^Image 2 alt text/)).toBeVisible();
}

/** The newest audit entry on the page of `action` (and holding `hasText`), with its Before and After boxes. */
export async function auditEntry(page: Page, action: string, hasText?: string) {
  const entry = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: action, exact: true }), hasText })
    .first();
  await expect(entry).toBeVisible();
  return {
    entry,
    before: entry.getByLabel('Before', { exact: true }),
    after: entry.getByLabel('After', { exact: true }),
  };
}
