// Delivery before checkout (issue 34, decision 0075): the product page's "Check delivery" says when and whether cash
// on delivery is taken, and checkout starts from the PIN checked there.
import { expect, test } from '@playwright/test';
import { DELIVERY_MESSAGES } from '../../core/delivery.ts';
import { E2E_SHOPS } from '../../playwright.config.ts';
import { fillCheckoutAddress, open, productsInStock, signInThroughPage, verifiedBuyer } from './helpers';

const DELIVERY_DATE =
  /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec)$/;

test('a PIN checked on the product page shows a date and cash on delivery, and checkout starts from it', async ({
  page,
  request,
}) => {
  // The main e2e shop ships by hand (production without Shiprocket): every PIN is served, with cash on delivery.
  const [product] = await productsInStock(request);
  const shopper = await verifiedBuyer(request);
  await signInThroughPage(page, shopper, `/product/${product!.slug}`);
  const check = page.getByRole('form', { name: 'Check delivery' });
  await check.getByLabel('PIN code').fill('12345');
  await check.getByRole('button', { name: 'Check delivery' }).click();
  await expect(page.getByTestId('delivery-check')).toHaveText('A PIN code is 6 digits and does not start with 0.');
  await check.getByLabel('PIN code').fill('500001');
  await check.getByRole('button', { name: 'Check delivery' }).click();
  const lines = page.getByTestId('delivery-check').locator('p');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveText(DELIVERY_DATE);
  await expect(lines.last()).toHaveText(DELIVERY_MESSAGES.codAvailable);

  // Checkout's empty PIN field starts from it, and fills city and state from it.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByLabel('PIN code *', { exact: true })).toHaveValue('500001');
  await expect(page.getByLabel('State *', { exact: true })).toHaveValue('Telangana');
  await expect(page.getByLabel('Cash on Delivery')).toBeEnabled();

  // The remembered PIN is this browser's: a product page opened afresh shows it.
  await open(page, `/product/${product!.slug}`);
  await expect(page.getByRole('form', { name: 'Check delivery' }).getByLabel('PIN code')).toHaveValue('500001');
});

test.describe('a local shop, whose own Shiprocket simulator serves no cash on delivery at 8… and nothing at 9…', () => {
  test.use({ baseURL: E2E_SHOPS.payments });

  test('a no-COD PIN pays prepaid only, and an unserved one takes no order', async ({ page, request }) => {
    const [product] = await productsInStock(request);
    const shopper = await verifiedBuyer(request);
    await signInThroughPage(page, shopper, `/product/${product!.slug}`);
    const check = page.getByRole('form', { name: 'Check delivery' });
    await check.getByLabel('PIN code').fill('800001');
    await check.getByRole('button', { name: 'Check delivery' }).click();
    const lines = page.getByTestId('delivery-check').locator('p');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toHaveText(DELIVERY_DATE);
    await expect(lines.last()).toHaveText(DELIVERY_MESSAGES.noCod);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL('/cart');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    await fillCheckoutAddress(page, shopper.email);
    await page.getByLabel('PIN code *', { exact: true }).fill('900002');
    await expect(page.getByRole('alert').filter({ hasText: DELIVERY_MESSAGES.unserved })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await page.getByLabel('PIN code *', { exact: true }).fill('800001');
    await expect(page.getByTestId('cod-unavailable')).toHaveText(DELIVERY_MESSAGES.noCod);
    await expect(page.getByLabel('Cash on Delivery')).toBeDisabled();
    await expect(page.getByLabel('Pay online (UPI)')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();

    // The prepaid order is placed: the gateway's pay page opens over checkout.
    await page.getByLabel('I confirm that I am 18 or older. *').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('iframe')).toBeVisible();
  });
});
