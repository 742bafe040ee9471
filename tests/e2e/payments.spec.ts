// Prepaid checkout against the shop's PhonePe simulator (issue 10; spec sections 2, 4 and 8): the pay page opens in
// an iframe over /checkout with Pay, Fail and Cancel; the status page reads the outcome from the server.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments.ts';
import { E2E_SHOPS, QUICK_PAYMENT_EXPIRY_SECONDS } from '../../playwright.config.ts';
import {
  fillCheckoutAddress,
  open,
  ordersOfSignedInShopper,
  productsInStock,
  signInThroughPage,
  stockCount,
  verifiedBuyer,
  type CatalogueProduct,
} from './helpers';

const AGE_LABEL = 'I confirm that I am 18 or older. *';

/** A verified shopper, signed in, with one of `product` in the cart, at a filled-in checkout. */
async function atCheckout(page: Page, request: APIRequestContext, product: CatalogueProduct) {
  const shopper = await verifiedBuyer(request);
  await signInThroughPage(page, shopper, `/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await fillCheckoutAddress(page, shopper.email);
  return shopper;
}

/** The simulator's pay page, once the gateway's iframe is open over the checkout. */
async function payPage(page: Page) {
  await expect(page.locator('iframe')).toBeVisible();
  return page.frameLocator('iframe');
}

async function payOnPayPage(page: Page, button: 'Pay' | 'Fail' | 'Cancel') {
  await (await payPage(page)).getByRole('button', { name: button, exact: true }).click();
}

async function placePrepaidOrder(page: Page) {
  await expect(page.getByLabel('Pay online (UPI)')).toBeChecked(); // the spec's default
  await page.getByRole('button', { name: 'Place Order' }).click();
}

const cartBadge = (page: Page) => page.getByTestId('cart-badge');

/** CSP reports from the page and its frames: the gateway's script and iframe must break no rule. */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('prepaid checkout through the simulator', () => {
  test("the gateway's script loads on checkout only, never with a product page", async ({ page, request }) => {
    const [product] = await productsInStock(request);
    const scripts: string[] = [];
    page.on('request', (loading) => {
      if (loading.resourceType() === 'script') scripts.push(loading.url());
    });
    await page.goto(`/product/${product!.slug}`);
    // Scripts start once the main image has shown (decision 0042), which may be after a quiet moment on the network.
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.endsWith('checkout.js'))).toEqual([]);
  });

  test('Pay: the status page says Payment Successful! and the cart is emptied', async ({ page, request }) => {
    test.slow();
    const [product] = await productsInStock(request);
    const violations = watchPolicy(page);
    const stockBefore = await stockCount(request, product!._id);
    await atCheckout(page, request, product!);
    await expect(page.locator('script[src$="checkout.js"]')).toHaveCount(1);

    // The age confirmation is required (spec section 1).
    await placePrepaidOrder(page);
    await expect(page.getByText(PAYMENT_MESSAGES.ageRequired)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByLabel(AGE_LABEL).check();
    await expect(page.getByText(PAYMENT_MESSAGES.ageRequired)).toHaveCount(0);

    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Pay');
    await expect(page).toHaveURL(/\/payment\/status\?orderId=[0-9A-Z]{24}$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText(PAYMENT_MESSAGES.completed)).toBeVisible(); // one toast: two would be ambiguous
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await stockCount(request, product!._id)).toBe(stockBefore - 1);

    await open(page, '/profile/orders');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-payment')).toHaveText('Paid');
    expect(violations).toEqual([]);
  });

  test('Fail, then Try again and Pay: one order, paid; the cart is kept until then', async ({ page, request }) => {
    test.slow();
    const [, product] = await productsInStock(request);
    await atCheckout(page, request, product!);
    await page.getByLabel(AGE_LABEL).check();
    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Fail');

    await expect(page).toHaveURL(/\/payment\/status\?orderId=/);
    await expect(page.getByRole('heading', { name: 'Payment Failed!' })).toBeVisible();
    await expect(
      page.getByText('We were unable to process your payment. Please try again or contact support.'),
    ).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(`/checkout?payOrder=${orderId}`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await payOnPayPage(page, 'Pay');

    await expect(page).toHaveURL(`/payment/status?orderId=${orderId}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    const orders = await ordersOfSignedInShopper(page);
    expect(orders.map((order) => [order.orderId, order.paymentStatus])).toEqual([[orderId, 'paid']]);
  });

  test('Cancel: a toast, still at checkout with the cart; Place Order again pays the same order', async ({
    page,
    request,
  }) => {
    test.slow();
    const [, , product] = await productsInStock(request);
    await atCheckout(page, request, product!);
    await page.getByLabel(AGE_LABEL).check();
    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Cancel');

    await expect(page.getByText(PAYMENT_MESSAGES.cancelledByUser)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page).toHaveURL('/checkout');
    await expect(cartBadge(page)).toHaveText('1');
    const [unpaid] = await ordersOfSignedInShopper(page);
    expect(unpaid!.paymentMethod).toBe('prepaid');
    expect(['pending', 'failed']).toContain(unpaid!.paymentStatus); // the cancelled attempt may be known by now

    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Pay');
    await expect(page).toHaveURL(`/payment/status?orderId=${unpaid!.orderId}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect((await ordersOfSignedInShopper(page)).map((order) => order.orderId)).toEqual([unpaid!.orderId]);
  });
});

test.describe('an unpaid order expires', () => {
  test.use({ baseURL: E2E_SHOPS.quickExpiry });

  test(`after PAYMENT_EXPIRY_SECONDS (${QUICK_PAYMENT_EXPIRY_SECONDS} s here) its stock returns`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const [product] = await productsInStock(request);
    const stockBefore = await stockCount(request, product!._id);
    await atCheckout(page, request, product!);
    await page.getByLabel(AGE_LABEL).check();
    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Cancel');
    await expect(page.getByText(PAYMENT_MESSAGES.cancelledByUser)).toBeVisible();
    const [expiring] = await ordersOfSignedInShopper(page);
    expect(await stockCount(request, product!._id)).toBe(stockBefore - 1);

    await expect
      .poll(() => stockCount(request, product!._id), { timeout: 120_000, intervals: [1000] })
      .toBe(stockBefore);
    await open(page, '/profile/orders');
    await expect(page.getByTestId('order-payment')).toHaveText('Expired');
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

    // Its status page offers no new attempt.
    await open(page, `/payment/status?orderId=${expiring!.orderId}`);
    await expect(page.getByRole('heading', { name: 'Payment Failed!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveCount(0);

    // Place Order for the same cart now places a new order rather than paying the expired one.
    await open(page, '/checkout');
    await page.getByLabel(AGE_LABEL).check();
    await placePrepaidOrder(page);
    await payOnPayPage(page, 'Cancel');
    await expect(page.getByText(PAYMENT_MESSAGES.cancelledByUser)).toBeVisible();
    const orders = await ordersOfSignedInShopper(page);
    expect(orders).toHaveLength(2);
    expect(orders[1]!.orderId).toBe(expiring!.orderId);
  });
});

test.describe('a shop without a payment gateway', () => {
  // The main e2e shop runs in production without PhonePe credentials: prepaid is off.
  test.use({ baseURL: E2E_SHOPS.main });

  test('offers cash on delivery only, and says why', async ({ page, request }) => {
    const [product] = await productsInStock(request);
    await atCheckout(page, request, product!);
    await expect(page.getByText(PAYMENT_MESSAGES.prepaidUnavailable)).toBeVisible();
    await expect(page.getByLabel('Pay online (UPI)')).toHaveCount(0);
    await expect(page.getByLabel('Cash on Delivery')).toBeChecked();
    await expect(page.locator('script[src$="checkout.js"]')).toHaveCount(0);
  });
});
