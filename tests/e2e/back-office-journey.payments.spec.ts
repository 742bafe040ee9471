// The back office from end to end (issue 22), on the payments shop (development, so the PhonePe simulator stands in
// for the gateway). The owner was made with `npm run admin:create` before the shop started (playwright.config.ts).
// They sign in with TOTP and a recovery code works once; they list a product with two images and its listing facts,
// hide and show it; a shopper buys it cash on delivery and the owner ships it, which the shopper's tracking and mail
// show; another is shipped through the shop's Shiprocket simulator, its label downloaded and its scans followed to
// delivered; a paid prepaid order cancelled here is refunded through the simulator; the owner hides the shopper's review
// and answers a contact message; the audit log holds each action with its values before and after.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../server/admin/second-factor.ts';
import { auditEntry, createProduct, expectAccessible, passwordStep, toast, uploadTwoImages } from './admin-helpers';
import {
  fillCheckoutAddress,
  open,
  ordersOfSignedInShopper,
  signInThroughPage,
  verifiedBuyer,
  waitForMail,
} from './helpers';
import { JOURNEY_OWNER, JOURNEY_OWNER_OUTPUT } from './owner';
import { shortOrderId } from '../../core/order.ts';

/** What `npm run admin:create` printed: the authenticator's secret and the ten recovery codes. */
async function commandLineOwner() {
  const output = await readFile(JOURNEY_OWNER_OUTPUT, 'utf8');
  expect(output).toContain(`${JOURNEY_OWNER.email} is an owner of the back office (a new account).`);
  const uri = /^otpauth:\/\/totp\/\S+$/m.exec(output)?.[0];
  expect(uri, output).toBeDefined();
  const recoveryCodes = [...output.matchAll(/^ {2}([0-9a-z]{4}(?:-[0-9a-z]{4}){5})$/gm)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  return { secret: new URL(uri!).searchParams.get('secret')!, recoveryCodes };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

async function useRecoveryCode(page: Page, code: string) {
  await passwordStep(page, JOURNEY_OWNER.email, JOURNEY_OWNER.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Use recovery code' }).click();
}

const goTo = (page: Page, link: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link }).click();

/** The shopper buys one of the product at `productPath`; returns the order id once the status page shows it. */
async function buy(page: Page, email: string, productPath: string, method: 'cod' | 'prepaid') {
  await open(page, productPath);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await fillCheckoutAddress(page, email);
  if (method === 'cod') await page.getByLabel('Cash on Delivery').check();
  await page.getByLabel('I confirm that I am 18 or older. *').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  if (method === 'prepaid') {
    await expect(page.locator('iframe')).toBeVisible();
    await page.frameLocator('iframe').getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/payment\/status\?orderId=[0-9A-Z]{24}/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

test('the owner runs the shop from the back office, and every action is audited', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(600_000); // one long journey: on a loaded CI machine several minutes
  const baseURL = testInfo.project.use.baseURL!;
  const shopperContext = await browser.newContext({ baseURL });
  const shopperPage = await shopperContext.newPage();
  const title = `E2E journey bell ${Date.now()}`;

  const owner = await test.step('an owner made on the command line signs in with TOTP', async () => {
    const made = await commandLineOwner();
    await passwordStep(page, JOURNEY_OWNER.email, JOURNEY_OWNER.password);
    // Past the password, before the code: the back office shows nothing yet.
    expect((await page.request.get('/api/admin/orders')).status()).toBe(403);
    await page.getByLabel('6-digit code from your authenticator app').fill(totpCode(made.secret));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await signOut(page);
    return made;
  });

  await test.step('a recovery code works once', async () => {
    await useRecoveryCode(page, owner.recoveryCodes[0]!);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await signOut(page);
    await useRecoveryCode(page, owner.recoveryCodes[0]!);
    await expect(toast(page, 'That code is not right')).toBeVisible();
    expect((await page.goto('/admin'))?.status()).toBe(404);
    await useRecoveryCode(page, owner.recoveryCodes[1]!);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  const { productId, productPath } = await test.step('a new product with two images and its facts', async () => {
    await goTo(page, 'Products');
    await page.getByRole('link', { name: 'New product' }).click();
    const productId = await createProduct(page, title, 5);
    await uploadTwoImages(page);
    await page.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(toast(page, 'Product shown in the shop')).toBeVisible();
    const productPath = (await page.getByRole('link', { name: 'View in the shop' }).getAttribute('href'))!;

    await open(shopperPage, '/shop');
    await expect(shopperPage.getByRole('heading', { name: title })).toBeVisible();
    await open(shopperPage, productPath);
    await expect(shopperPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(shopperPage.getByText('Kala Metal Works, 12 Thatheri Bazaar, Varanasi 221001')).toBeAttached();
    await expect(shopperPage.getByText('India', { exact: true })).toBeAttached();
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`${productPath}<`);
    return { productId, productPath };
  });

  await test.step('hidden, it leaves the shop and the sitemap; shown again, it is back', async () => {
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(toast(page, 'Product hidden')).toBeVisible();
    expect((await request.get(productPath)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`${productPath}<`);
    await open(shopperPage, '/shop');
    await expect(shopperPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(shopperPage.getByRole('heading', { name: title })).toHaveCount(0);

    await page.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(toast(page, 'Product shown in the shop')).toBeVisible();
    expect((await request.get(productPath)).status()).toBe(200);
  });

  const shopper = await verifiedBuyer(request);
  await signInThroughPage(shopperPage, shopper, productPath);
  const codOrderId = await test.step('a shopper orders it cash on delivery', () =>
    buy(shopperPage, shopper.email, productPath, 'cod'));

  const tracking = { courier: 'Delhivery', number: `DL${Date.now()}IN` };
  const trackingUrl = `https://www.delhivery.com/track/package/${tracking.number}`;
  await test.step('the owner ships it; tracking, profile and mail show the courier', async () => {
    await open(page, `/admin/orders/${codOrderId}`);
    const status = page.getByTestId('admin-order-status');
    await expect(status).toHaveText('Placed');
    for (const [button, shown] of [
      ['Mark confirmed', 'Confirmed'],
      ['Mark packed', 'Packed'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      await expect(status).toHaveText(shown);
    }
    await page.getByLabel('Courier name').fill(tracking.courier);
    await page.getByLabel('Tracking number').fill(tracking.number);
    await page.getByLabel('Tracking link (https://)').fill(trackingUrl);
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toast(page, 'Order marked shipped')).toBeVisible();
    await expect(status).toHaveText('Shipped');

    await open(shopperPage, '/track-your-order');
    await shopperPage.getByLabel('Order Id').fill(codOrderId);
    await shopperPage.getByLabel('Email Address').fill(shopper.email);
    await shopperPage.getByRole('button', { name: 'Track Order' }).click();
    const tracked = shopperPage.getByTestId('order-shipment');
    await expect(tracked).toContainText(tracking.courier);
    await expect(tracked).toContainText(tracking.number);
    await expect(tracked.getByRole('link')).toHaveAttribute('href', trackingUrl);

    await open(shopperPage, '/profile/orders');
    await expect(shopperPage.getByTestId('order-shipment')).toContainText(tracking.number);

    const mail = await waitForMail(shopper.email, /^Order shipped: /);
    expect(mail.text).toContain(`Courier: ${tracking.courier}`);
    expect(mail.text).toContain(`Tracking number: ${tracking.number}`);
    expect(mail.text).toContain(trackingUrl);

    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(status).toHaveText('Delivered');
  });

  await test.step('the owner ships an order through Shiprocket and downloads its label; scans reach delivered', async () => {
    const orderId = await buy(shopperPage, shopper.email, productPath, 'cod');
    await open(page, `/admin/orders/${orderId}`);
    const status = page.getByTestId('admin-order-status');
    await page.getByRole('button', { name: 'Mark confirmed' }).click();
    await expect(status).toHaveText('Confirmed');
    // The payments shop is a local one: the shop's own Shiprocket simulator stands in for Shiprocket.
    await page.getByLabel('Weight (kg)').fill('0.8');
    await page.getByRole('button', { name: 'Create shipment' }).click();
    await expect(toast(page, /^Shipped with .+, AWB \w+$/)).toBeVisible();
    await expect(status).toHaveText('Shipped');
    const shipment = page.getByTestId('admin-shipment');
    const awb = /tracking number (\w+)/.exec((await shipment.textContent()) ?? '')?.[1];
    expect(awb).toBeDefined();
    await expect(shipment.getByRole('link', { name: awb! })).toHaveAttribute(
      'href',
      `https://shiprocket.co/tracking/${awb}`,
    );
    const [label] = await Promise.all([
      page.waitForEvent('download'),
      shipment.getByRole('link', { name: 'Download label' }).click(),
    ]);
    expect((await readFile(await label.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // Courier scans, as Shiprocket's webhooks bring them to the shop (the simulator's control API makes them). Each
    // webhook is sent on its own, so they may arrive in any order: a scan older than the newest only joins the list
    // and mails nothing, so the delivery is scanned once the shopper has been told it is out for delivery.
    const shortId = shortOrderId(orderId);
    const scan = async (statusId: number, location: string, minutesAgo: number) => {
      const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const sent = await request.post('/__shiprocket/control/scans', { data: { awb, statusId, location, at } });
      expect(sent.status(), await sent.text()).toBe(200);
    };
    await scan(42, 'Bengaluru_Hub (Karnataka)', 4);
    await scan(18, 'Hyderabad_Hub (Telangana)', 3);
    await scan(17, 'Hyderabad_DC (Telangana)', 2);
    await waitForMail(shopper.email, new RegExp(`^Your order ${shortId} is out for delivery$`));
    await scan(7, 'Hyderabad_DC (Telangana)', 1);
    await waitForMail(shopper.email, new RegExp(`^Your order ${shortId} has been delivered$`));

    await open(shopperPage, '/track-your-order');
    await shopperPage.getByLabel('Order Id').fill(orderId);
    await shopperPage.getByLabel('Email Address').fill(shopper.email);
    await shopperPage.getByRole('button', { name: 'Track Order' }).click();
    const tracking = shopperPage.getByTestId('courier-tracking');
    await expect(tracking.getByRole('listitem')).toHaveCount(4);
    await expect(tracking.getByRole('listitem').first()).toContainText('Delivered');
    await expect(tracking.getByRole('listitem').first()).toContainText('Hyderabad_DC (Telangana)');
    await expect(tracking.getByRole('listitem').last()).toContainText('Picked up');
    await expect(shopperPage.getByText('Delivered', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(status).toHaveText('Delivered');
  });

  const prepaidOrderId =
    await test.step('a paid prepaid order, cancelled here, is refunded by the simulator', async () => {
      const orderId = await buy(shopperPage, shopper.email, productPath, 'prepaid');
      await open(page, `/admin/orders/${orderId}`);
      await expect(page.getByText('It was paid online: cancelling refunds the shopper in full.')).toBeVisible();
      await page.getByLabel('Reason for cancelling').fill('The bell cracked in the warehouse');
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await expect(toast(page, 'Order cancelled; its refund has started')).toBeVisible();
      await expect(page.getByTestId('admin-order-status')).toHaveText('Cancelled');
      // The simulator settles the refund a few seconds later and tells the shop by webhook.
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(async () => {
        await page.reload();
        await expect(payment.getByRole('listitem').filter({ hasText: 'Refund pending → Refunded' })).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 60_000 });
      const mail = await waitForMail(shopper.email, /^Order cancelled: /);
      expect(mail.text).toContain('Your payment will be refunded');
      return orderId;
    });

  const reviewTitle = `Rings true ${Date.now()}`;
  await test.step('the owner hides a review, and it leaves the product page', async () => {
    await open(shopperPage, productPath);
    await shopperPage.getByRole('tab', { name: /Reviews/ }).click();
    await shopperPage.getByRole('button', { name: 'Write Review' }).click();
    const dialog = shopperPage.getByRole('dialog', { name: 'Write a Review' });
    await dialog.getByLabel('Title').fill(reviewTitle);
    const fiveStars = dialog.getByRole('radio', { name: '5 stars' });
    await fiveStars.focus();
    await shopperPage.keyboard.press('Space');
    await expect(fiveStars).toBeChecked();
    await dialog.getByLabel('Review', { exact: true }).fill('Call me on 98470 12345 for a discount');
    await dialog.getByRole('button', { name: 'Submit Now' }).click();
    await expect(shopperPage.getByTestId('review').filter({ hasText: reviewTitle })).toBeVisible();

    await goTo(page, 'Reviews');
    await page.getByLabel('Search').fill(reviewTitle);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: reviewTitle });
    await card.getByLabel('Reason (optional)').fill('A phone number in a review');
    await card.getByRole('button', { name: 'Hide review' }).click();
    await expect(toast(page, 'Review hidden')).toBeVisible();
    await expect(card.getByText('Hidden', { exact: true })).toBeVisible();

    await open(shopperPage, productPath);
    const fresh = shopperPage.waitForResponse((response) => response.url().includes('/get-reviews'));
    await shopperPage.getByRole('tab', { name: /Reviews/ }).click();
    expect((await fresh).ok()).toBe(true);
    await expect(shopperPage.getByText('No Reviews Yet...')).toBeVisible();
    await expect(shopperPage.getByTestId('review').filter({ hasText: reviewTitle })).toHaveCount(0);
  });

  const reply = 'Namaste Asha, the brass diya set is back: we have kept two for you.';
  const ticket = await test.step('the owner reads a contact message and replies', async () => {
    const visitor = `e2e-journey-visitor-${Date.now()}@example.in`;
    await open(shopperPage, '/contact-us');
    await shopperPage.getByLabel('Full name').fill('Asha Verma');
    await shopperPage.getByLabel('Email').fill(visitor);
    await shopperPage.getByLabel('Phone').fill('9876543210');
    await shopperPage.getByLabel('Message', { exact: true }).fill('Is the brass diya set back in stock?');
    await shopperPage.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(shopperPage, 'Sent Successfully')).toBeVisible();
    const acknowledgement = await waitForMail(visitor, /^We received your message: ticket #\d+$/);
    const ticket = /#(\d+)/.exec(acknowledgement.subject)![1]!;

    await goTo(page, 'Messages');
    await page.getByRole('link', { name: `#${ticket} from Asha Verma` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ticket #${ticket}` })).toBeVisible();
    await expect(page.getByText('Is the brass diya set back in stock?')).toBeVisible();
    await page.getByRole('button', { name: 'Mark read' }).click();
    await expect(toast(page, 'Marked read')).toBeVisible();
    await page.getByLabel('Reply by e-mail').fill(reply);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(toast(page, 'Reply sent')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Replies' })).toContainText(reply);
    await expectAccessible(page);

    const answered = await waitForMail(visitor, new RegExp(`^Re: \\[Ticket #${ticket}\\]`));
    expect(answered.text).toContain(reply);
    return ticket;
  });

  await test.step('hidden again, the product stays in the shopper’s orders', async () => {
    await open(page, `/admin/products/${productId}`);
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(toast(page, 'Product hidden')).toBeVisible();
    await open(shopperPage, '/profile/orders');
    const orders = await ordersOfSignedInShopper(shopperPage);
    expect(JSON.stringify(orders)).toContain(title);
  });

  await test.step('the audit log shows each action with before and after', async () => {
    const expectEntry = async (filter: string, action: string, before: string[], after: string[], hasText?: string) => {
      await open(page, `/admin/audit?${filter}`);
      const entry = await auditEntry(page, action, hasText);
      await expect(entry.entry).toContainText(JOURNEY_OWNER.email);
      for (const text of before) await expect(entry.before).toContainText(text);
      for (const text of after) await expect(entry.after).toContainText(text);
      return entry;
    };
    const product = `targetId=${productId}`;
    await expectEntry(product, 'product.create', ['—'], [title, '"hidden": true']);
    await expectEntry(product, 'product.images', ['"images"'], ['Brass bell']);
    await expectEntry(product, 'product.unhide', ['"hidden": true'], ['"hidden": false']);
    await expectEntry(product, 'product.hide', ['"hidden": false'], ['"hidden": true']);
    await expectEntry(
      `targetId=${codOrderId}`,
      'order.status',
      ['"status": "packed"'],
      ['"status": "shipped"', tracking.number, trackingUrl],
      tracking.number,
    );
    const cancel = await expectEntry(
      `targetId=${prepaidOrderId}`,
      'order.cancel',
      ['"paymentStatus": "paid"'],
      ['"status": "cancelled"'],
    );
    await expect(cancel.entry).toContainText('Reason: The bell cracked in the warehouse');
    const hidden = await expectEntry(
      `action=review.hide&admin=${encodeURIComponent(JOURNEY_OWNER.email)}`,
      'review.hide',
      ['"hidden": false'],
      ['"hidden": true'],
    );
    await expect(hidden.entry).toContainText('Reason: A phone number in a review');
    await expectEntry(`targetId=${ticket}`, 'message.read', ['"readAt": null'], ['"readAt": "']);
    await expectEntry(`targetId=${ticket}`, 'message.reply', ['"readAt": "'], [reply]);
    await expectAccessible(page);
  });
  await shopperContext.close();
});
