// The back office's orders in the browser (issue 22): the owner finds a shopper's cash-on-delivery order, moves it
// confirmed → packed → shipped with the courier's tracking, and the shopper's order tracking then shows it.
import { expect, test } from '@playwright/test';
import { SHIPMENT_MESSAGES } from '../../core/contracts/orders.ts';
import { expectAccessible, expectNoSidewaysScroll, signInOwnerWithRecoveryCode, toast } from './admin-helpers';
import { fillCheckoutAddress, open, productsInStock, signInThroughPage, verifiedBuyer } from './helpers';

/** admin.spec.ts uses the owner's first recovery code; this spec the second. */
const RECOVERY_CODE = 1;

test('the owner ships a COD order with tracking, and the shopper can follow it', async ({
  page,
  request,
}, testInfo) => {
  const [product] = await productsInStock(request, 1);
  const shopper = await verifiedBuyer(request);
  await signInThroughPage(page, shopper, `/product/${product!.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await fillCheckoutAddress(page, shopper.email);
  await page.getByLabel('Cash on Delivery').check();
  await page.getByLabel('I confirm that I am 18 or older. *').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\/status\?orderId=[0-9A-Z]{24}&paymentMethod=cod$/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signInOwnerWithRecoveryCode(page, testInfo.project.name, RECOVERY_CODE);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // The search goes into the address, and the CSV link carries it.
  await page.getByLabel('Order id, e-mail or phone').fill(orderId);
  await page.getByLabel('Payment method').selectOption('cod');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${orderId}`));
  const card = page.getByRole('listitem').filter({ hasText: orderId });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Kerala 682031');
  await expect(card).toContainText('Cash on delivery');
  await expect(card).toContainText('Placed');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/admin/orders.csv?q=${orderId}&paymentMethod=cod`,
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await card.getByRole('link', { name: `Order #${orderId.slice(-6)}` }).click();
  await expect(page).toHaveURL(`/admin/orders/${orderId}`);
  const status = page.getByTestId('admin-order-status');
  await expect(status).toHaveText('Placed');
  await expect(page.getByRole('heading', { name: 'Cancel this order' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  for (const [button, shown] of [
    ['Mark confirmed', 'Confirmed'],
    ['Mark packed', 'Packed'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(toast(page, `Order marked ${shown.toLowerCase()}`)).toBeVisible();
    await expect(status).toHaveText(shown);
  }
  // Packed is past cancelling; shipping asks for the tracking first.
  await expect(page.getByRole('heading', { name: 'Cancel this order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, SHIPMENT_MESSAGES.courier)).toBeVisible();
  await expect(status).toHaveText('Packed');

  const trackingUrl = `https://www.delhivery.com/track/package/DL${Date.now()}`;
  await page.getByLabel('Courier name').fill('Delhivery');
  await page.getByLabel('Tracking number').fill('DL123456789IN');
  await page.getByLabel('Tracking link (https://)').fill(trackingUrl);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Order marked shipped')).toBeVisible();
  await expect(status).toHaveText('Shipped');
  await expect(page.getByTestId('admin-shipment')).toContainText('DL123456789IN');
  const timeline = page.getByRole('region', { name: 'Status timeline' });
  for (const step of ['Placed', 'Confirmed', 'Packed', 'Shipped']) await expect(timeline).toContainText(step);
  await expect(page.getByRole('region', { name: 'Audit entries' })).toContainText(owner.email);
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

  // The shopper (anyone with the order id and e-mail) sees the courier and the tracking link.
  await open(page, '/track-your-order');
  await page.getByLabel('Order Id').fill(orderId);
  await page.getByLabel('Email Address').fill(shopper.email);
  await page.getByRole('button', { name: 'Track Order' }).click();
  const shipment = page.getByTestId('order-shipment');
  await expect(shipment).toContainText('Delhivery');
  await expect(shipment).toContainText('DL123456789IN');
  await expect(shipment.getByRole('link')).toHaveAttribute('href', trackingUrl);
});
