import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkPath, open, waitForMail } from './helpers';

interface ApiProduct {
  _id: string;
  slug: string;
  title: string;
  countInStock: number;
}

const uniqueEmail = () => `e2e-buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;

/** A shopper who signed up and followed the verification link; returns the credentials. */
async function verifiedShopper(request: APIRequestContext) {
  const email = uniqueEmail();
  const password = 'kesar42chai';
  const signUp = await request.post('/api/auth/signup', { data: { fullname: 'Meera Iyer', email, password } });
  expect(signUp.status()).toBe(201);
  const token = linkPath(await waitForMail(email, /Verify your e-mail/), 'verify-email')
    .split('/')
    .pop()!;
  expect((await request.post(`/api/auth/verify-email/${token}`)).ok()).toBe(true);
  // The sign-up set a refresh cookie on this request context; the browser signs in for itself.
  return { email, password };
}

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  const { product } = (await (await request.get(`/api/product/${id}`)).json()) as { product: ApiProduct };
  return product.countInStock;
}

async function addToCart(page: Page, product: ApiProduct) {
  await open(page, `/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

/** Types into a checkout field and leaves it, so its rule is checked on change. */
async function type(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

test('a guest cart merges at sign-in, a COD order is placed, mailed, listed, tracked and cancelled', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // the whole buying journey: a dozen pages and two mails
  const { products } = (await (await request.get('/api/product/all-products')).json()) as { products: ApiProduct[] };
  // Each project buys its own products, so the stock checks of parallel runs do not see each other's orders.
  const offset = testInfo.project.name === 'mobile' ? 2 : 0;
  const [first, second] = products.filter((product) => product.countInStock > 5).slice(offset, offset + 2);
  const { email, password } = await verifiedShopper(request);
  const stockBefore = await stockOf(request, first!._id);

  // A guest fills the cart, then signs in: the cart merges into the account's cart on the server.
  await addToCart(page, first!);
  await addToCart(page, second!);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await open(page, '/signin?redirectTo=/cart');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const serverCart = await page.evaluate(async () => {
    const response = await fetch('/api/cart', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    return ((await response.json()) as { cartItems: { _id: string }[] }).cartItems.map((item) => item._id);
  });
  expect(serverCart.sort()).toEqual([first!._id, second!._id].sort());

  // The checkout form checks every field as it changes, and all of them on submit.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const badInput: Array<[string, string, string]> = [
    ['First name *', 'Mi', 'First Name should be minimum 3 characters'],
    ['Last name *', ' ', 'Last name is required.'],
    ['Address line 1 *', ' ', 'Address is required.'],
    ['Town / City *', ' ', 'City is required.'],
    ['State *', ' ', 'State is required.'],
    ['PIN code *', '5600', 'PIN code must be 6 digits.'],
    ['Phone *', '98765', 'Phone number must be 10 digits.'],
    ['Email address *', 'meera@', 'Invalid email address'],
  ];
  for (const [label, value, message] of badInput) {
    await type(page, label, value);
    await expect(page.getByText(message)).toBeVisible();
  }
  await type(page, 'Email address *', '');
  await expect(page.getByText('Enter Email')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please fill in all fields correctly' }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL('/checkout');

  // Typing a PIN fills city and state from the PIN directory, both still editable; an unknown PIN says so and
  // blocks nothing (issue 34, decision 0070).
  await type(page, 'PIN code *', '500001');
  await expect(page.getByLabel('Town / City *', { exact: true })).toHaveValue('Hyderabad');
  await expect(page.getByLabel('State *', { exact: true })).toHaveValue('Telangana');
  await expect(page.getByText('City is required.')).toBeHidden();
  await type(page, 'PIN code *', '999999');
  await expect(
    page.getByText('We could not find this PIN code. Please check it, or enter your city and state.'),
  ).toBeVisible();

  const goodInput: Array<[string, string]> = [
    ['First name *', 'Meera'],
    ['Last name *', 'Iyer'],
    ['Address line 1 *', '14 Cathedral Road'],
    ['Town / City *', 'Chennai'],
    ['State *', 'Tamil Nadu'],
    ['PIN code *', '600086'],
    ['Phone *', '9840012345'],
    ['Email address *', email],
  ];
  for (const [label, value] of goodInput) await type(page, label, value);
  await page.getByLabel('Cash on Delivery').check();
  await page.getByLabel('I confirm that I am 18 or older. *').check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/payment\/status\?orderId=[0-9A-Z]{24}&paymentMethod=cod$/);
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect(await stockOf(request, first!._id)).toBe(stockBefore - 1);

  const mail = await waitForMail(email, /Order placed/);
  expect(mail.text).toContain(orderId);
  expect(mail.text).toContain(first!.title);
  expect(mail.text).toContain(second!.title);

  // Opened again without paymentMethod=cod (a bookmark, say), the page asks and still says it was placed.
  await open(page, `/payment/status?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();

  // The order is in the account's list, newest first, with the spec's fields.
  await open(page, '/profile/orders');
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-id')).toContainText(`#${orderId.slice(-6)}`);
  await expect(card.getByTestId('order-status')).toHaveText('Placed');
  await expect(card.getByTestId('order-payment')).toHaveText('Pay on delivery');
  await expect(card.getByTestId('order-items')).toHaveText('2 item(s)');

  // Anyone with the order id and the e-mail can follow it.
  await open(page, '/track-your-order');
  await page.getByLabel('Order Id').fill(orderId);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByTestId('tracked-order')).toContainText(orderId);
  await expect(page.getByTestId('order-timeline')).toContainText('Placed');

  // Cancelled within the window: the status changes and the stock comes back.
  await open(page, '/profile/orders');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('order-card').first().getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-card').first().getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('order-card').first().getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(request, first!._id)).toBe(stockBefore);
  await waitForMail(email, /Order cancelled/);
});

test('checkout asks a signed-out shopper to sign in first', async ({ page, request }) => {
  const { products } = (await (await request.get('/api/product/all-products')).json()) as { products: ApiProduct[] };
  await addToCart(
    page,
    products.find((product) => product.countInStock > 0)!,
  );
  await open(page, '/checkout');
  await expect(page.getByText('Please sign in to place your order.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute(
    'href',
    '/signin?redirectTo=/checkout',
  );
});
