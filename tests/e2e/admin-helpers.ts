// The back office's e2e steps, shared by the admin specs: toasts, the page checks, and signing in as the owner.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { open } from './helpers';
import { E2E_OWNER_FILE, e2eOwner } from './owner';

export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.slice(0, 3).map((node) => node.target) })),
  ).toEqual([]);
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
  await page.getByLabel('Recovery code').fill(recoveryCodes[codeIndex]!);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return owner;
}
