import { expect, test, type Page } from '@playwright/test';
import { linkPath, open, waitForMail } from './helpers';

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;

async function signIn(page: Page, email: string, password: string) {
  await open(page, '/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/');
}

/** Logs out through the account area, which every viewport shows. */
async function signOut(page: Page) {
  await open(page, '/profile/logout');
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
}

test('sign up, verify by mail, sign in again, edit the account and change the password', async ({ page }) => {
  test.slow(); // a long journey: a dozen pages, two mails and three sign-ins
  const email = uniqueEmail('journey');
  await open(page, '/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Fullname must be at least 3 letters long')).toBeVisible();
  await page.getByLabel('Full name').fill('Kavya Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password should be 6 to 20 characters long with atleast 1 number')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('kesar42chai');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/verify-email');

  const mail = await waitForMail(email, /Verify your e-mail/);
  await open(page, linkPath(mail, 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified successfully' })).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'kesar42chai');

  await open(page, '/profile/account-details');
  await expect(page.getByLabel('Email address')).toHaveAttribute('readonly', '');
  await page.getByLabel('Full name *').fill('Kavya R. Rao');
  await page.getByLabel('Phone *').fill('9876501234');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Account details updated successfully.')).toBeVisible();

  await open(page, '/profile/addresses');
  await page.getByLabel('First name *').fill('Kavya');
  await page.getByLabel('Address line 1 *').fill('221 Residency Road');
  await page.getByLabel('Town / City *').fill('Bengaluru');
  await page.getByLabel('State *').fill('Karnataka');
  await page.getByLabel('PIN code *').fill('5600');
  await page.getByLabel('Phone *').fill('9876501234');
  await page.getByLabel('Email address *').fill(email);
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('PIN code must be 6 digits.')).toBeVisible();
  await page.getByLabel('PIN code *').fill('560025');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Town / City *')).toHaveValue('Bengaluru');

  await open(page, '/profile/account-details');
  await page.getByLabel('Current password', { exact: true }).fill('kesar42chai');
  await page.getByLabel('New password', { exact: true }).fill('newpass34');
  await page.getByLabel('Confirm new password', { exact: true }).fill('newpass34');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Account details updated successfully.')).toBeVisible();

  await signOut(page);
  await signIn(page, email, 'newpass34');
  await open(page, '/profile');
  await expect(page.getByText('Hello Kavya R. Rao')).toBeVisible();
});

test('forgot password: the reset link by mail sets a new password, then sign-in', async ({ page, request }) => {
  test.slow(); // waits for a mail and for the 2-second redirect
  const email = uniqueEmail('reset');
  const signUp = await request.post('/api/auth/signup', {
    data: { fullname: 'Arjun Das', email, password: 'kesar42chai' },
  });
  expect(signUp.status()).toBe(201);

  await open(page, '/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If an account exists for the address, you will receive a password reset link to your email shortly.',
    ),
  ).toBeVisible();

  const mail = await waitForMail(email, /Reset your/);
  await open(page, linkPath(mail, 'reset-password'));
  await page.getByLabel('New Password', { exact: true }).fill('Fresh123');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Fresh124');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Fresh123');
  const started = Date.now();
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL('/signin', { timeout: 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

  await signIn(page, email, 'Fresh123');
  await expect(page.getByRole('link', { name: 'My Account' }).first()).toHaveAttribute('href', '/profile');
});

test('signed-in shoppers are sent away from /signin, and /profile sends visitors to sign in', async ({ page }) => {
  await open(page, '/profile');
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fprofile/);
  const email = uniqueEmail('guard');
  const response = await page.request.post('/api/auth/signup', {
    data: { fullname: 'Guard Test', email, password: 'kesar42chai' },
  });
  const { accessToken } = (await response.json()) as { accessToken: string };
  await page.evaluate((token) => localStorage.setItem('access_token', token), accessToken);
  await open(page, '/signin');
  await expect(page).toHaveURL('/');
  await open(page, '/profile/nothing-here');
  await expect(page.getByText('Section not found')).toBeVisible();
});
