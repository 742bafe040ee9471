import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response;
}

interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to `to` whose subject matches, as the test SMTP server received it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  const { MAIL_API_PORT } = await import('./mail-catcher.ts');
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`)
        ).json()) as ReceivedMail[];
        found = mails.reverse().find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The path of the first link to `/prefix/…` in a mail, e.g. /verify-email/abc. */
export function linkPath(mail: ReceivedMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/${prefix}/[\\w-]+)`).exec(mail.text);
  expect(match, `a /${prefix}/ link`).not.toBeNull();
  return match![1]!;
}

/** A product as the catalogue API lists it: what the buying journeys need. */
export interface CatalogueProduct {
  _id: string;
  slug: string;
  title: string;
  countInStock: number;
}

/** Products with more than `atLeast` in stock, newest first. */
export async function productsInStock(request: APIRequestContext, atLeast = 5): Promise<CatalogueProduct[]> {
  const response = await request.get('/api/product/all-products');
  const { products } = (await response.json()) as { products: CatalogueProduct[] };
  return products.filter((product) => product.countInStock > atLeast);
}

export async function stockCount(request: APIRequestContext, productId: string): Promise<number> {
  const { product } = (await (await request.get(`/api/product/${productId}`)).json()) as { product: CatalogueProduct };
  return product.countInStock;
}

export interface Shopper {
  email: string;
  password: string;
}

/** Signs a new shopper up and follows the link of their verification mail, so they may place orders. */
export async function verifiedBuyer(request: APIRequestContext): Promise<Shopper> {
  const shopper = {
    email: `e2e-payer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`,
    password: 'upi4chai',
  };
  expect((await request.post('/api/auth/signup', { data: { ...shopper, fullname: 'Kavya Menon' } })).status()).toBe(
    201,
  );
  const link = linkPath(await waitForMail(shopper.email, /Verify your e-mail/), 'verify-email');
  expect((await request.post(`/api/auth${link}`)).ok()).toBe(true);
  return shopper;
}

/** Signs in through the sign-in page, which then goes to `redirectTo`. */
export async function signInThroughPage(page: Page, { email, password }: Shopper, redirectTo: string) {
  await open(page, `/signin?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(redirectTo);
}

/** Fills checkout's address form with a valid address for `email`. */
export async function fillCheckoutAddress(page: Page, email: string) {
  const address: Array<[label: string, value: string]> = [
    ['First name *', 'Kavya'],
    ['Last name *', 'Menon'],
    ['Address line 1 *', '7 Marine Drive'],
    ['Town / City *', 'Kochi'],
    ['State *', 'Kerala'],
    ['PIN code *', '682031'],
    ['Phone *', '9847012345'],
    ['Email address *', email],
  ];
  for (const [label, value] of address) await page.getByLabel(label, { exact: true }).fill(value);
}

/** The signed-in shopper's orders, newest first, as the API has them. */
export function ordersOfSignedInShopper(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/orders/get-user-orders', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    return (await response.json()) as Array<{ orderId: string; paymentMethod: string; paymentStatus: string }>;
  });
}
