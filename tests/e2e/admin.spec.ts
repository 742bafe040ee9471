// The back office in the browser (issues 22 and 31): the pages do not exist for a visitor; the owner signs in with
// password and TOTP, invites a staff admin who follows the mailed link, sets a password and enrols (decision 0048),
// the audit log shows it with the staff admin's sign-in and wrong code, and a recovery code works once. Needs the owner that
// tests/e2e/create-owner.ts makes before the shop starts.
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../server/admin/second-factor.ts';
import { linkPath, open, waitForMail } from './helpers';
import {
  auditEntry,
  expectAccessible,
  expectNoSidewaysScroll,
  ownerSecrets,
  passwordStep,
  toast,
} from './admin-helpers';
import { e2eOwner } from './owner';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

/** A 6-digit code the authenticator shows at no moment near now. */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1, 2].map((step) => totpCode(secret, Date.now() + step * 30_000));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !near.includes(code))!;
}

test.describe.configure({ mode: 'serial' });

test('the back office is a 404 to a visitor, never indexed, and its sign-in is accessible', async ({ page }) => {
  for (const path of ['/admin', '/admin/reviews', '/admin/audit', '/admin/team']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const signIn = await open(page, '/admin/sign-in');
  expect(signIn?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await expectAccessible(page);
});

test('the owner signs in with TOTP, adds staff who enrol, and a recovery code works once', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000); // six axe runs and a staff admin's enrolment: on a loaded machine past a minute
  const E2E_OWNER = e2eOwner(testInfo.project.name);
  const owner = await ownerSecrets(testInfo.project.name);
  await page.setViewportSize({ width: 390, height: 844 });

  await passwordStep(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.getByLabel('6-digit code from your authenticator app').fill(totpCode(owner.secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
  await expect(page.getByText(`${E2E_OWNER.email}`)).toBeVisible();
  const served = await open(page, '/admin');
  expect(served?.status()).toBe(200);
  expect(served?.headers()['cache-control']).toBe('no-store');
  expect(served?.headers()['x-robots-tag']).toBe('noindex');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  for (const [link, heading] of [
    ['Reviews', 'Reviews'],
    ['Messages', 'Messages'],
    ['Stock', 'Stock'],
    ['Audit log', 'Audit log'],
    ['Team', 'Team'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  }

  // The owner invites a staff admin: nothing is granted until the mailed link is followed.
  const staffEmail = `e2e-staff-admin-${Date.now()}@example.in`;
  const staffPassword = 'Staff chai with ginger 42';
  await page.getByLabel('Email').fill(staffEmail);
  await page.getByLabel('Full name').fill('Meera Staff');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${staffEmail}`)).toBeVisible();
  const invited = page.getByRole('listitem').filter({ hasText: staffEmail });
  await expect(invited.getByText(/^Invited, expires/)).toBeVisible();
  await expect(invited.getByRole('button', { name: `Resend the invitation to ${staffEmail}` })).toBeVisible();
  await expect(invited.getByRole('button', { name: `Revoke the invitation to ${staffEmail}` })).toBeVisible();

  await open(page, '/admin/audit?action=admin');
  await expect(page.getByText(staffEmail).first()).toBeVisible();
  await signOut(page);
  expect((await page.goto('/admin'))?.status()).toBe(404);

  // The invitee follows the mailed link: a new password, the authenticator's set-up shown once, its first code,
  // then the recovery codes.
  const invitation = await waitForMail(staffEmail, /invited to the .* back office/);
  await open(page, linkPath(invitation, 'admin/invitation'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(staffEmail)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(staffPassword);
  await page.getByLabel('The same password again', { exact: true }).fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const setUpLink = await page.getByRole('link', { name: 'this set-up link' }).getAttribute('href');
  expect(setUpLink).toMatch(/^otpauth:\/\/totp\//);
  const staffSecret = new URL(setUpLink!).searchParams.get('secret')!;
  await expect(page.getByText(staffSecret, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('6-digit code from your authenticator app').fill(totpCode(staffSecret));
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();

  // The link worked once.
  await open(page, linkPath(invitation, 'admin/invitation'));
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

  // The staff admin signs in with the new password: a wrong code first, then the next one from the app (the
  // acceptance's code is spent).
  await passwordStep(page, staffEmail, staffPassword);
  await page.getByLabel('6-digit code from your authenticator app').fill(wrongCode(staffSecret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'That code is not right')).toBeVisible();
  await page.getByLabel('6-digit code from your authenticator app').fill(totpCode(staffSecret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await signOut(page);

  // The owner's recovery code, in place of the authenticator: once.
  const recoveryCode = owner.recoveryCodes[0]!;
  for (const attempt of ['first', 'again'] as const) {
    await passwordStep(page, E2E_OWNER.email, E2E_OWNER.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Use recovery code' }).click();
    if (attempt === 'first') {
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      // The audit log shows the invitation, its acceptance, and the staff admin's sign-in and wrong code
      // (`auth.*`, decision 0047), each with the address.
      await open(page, '/admin/audit');
      for (const action of ['admin.invitation-sent', 'admin.invitation-accepted', 'auth.sign-in', 'auth.code-wrong'])
        await auditEntry(page, action, staffEmail);
      await signOut(page);
    } else {
      await expect(toast(page, 'That code is not right')).toBeVisible();
      expect((await page.goto('/admin'))?.status()).toBe(404);
    }
  }
});
