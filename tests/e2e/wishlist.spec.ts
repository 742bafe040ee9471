import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { open, productsInStock, signInThroughPage, type CatalogueProduct } from './helpers';

const heart = (page: Page, product: CatalogueProduct) =>
  page.getByRole('button', { name: `Add ${product.title} to wishlist`, exact: true });

/** A new account, through the API, with `product` already on its wishlist (as if added on another device). */
async function shopperWishingFor(request: APIRequestContext, product: CatalogueProduct) {
  const shopper = {
    email: `e2e-wishlist-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`,
    password: 'kesar42chai',
  };
  const signUp = await request.post('/api/auth/signup', { data: { ...shopper, fullname: 'Meera Iyer' } });
  expect(signUp.status()).toBe(201);
  const { accessToken } = (await signUp.json()) as { accessToken: string };
  const added = await request.put(`/api/wishlist/items/${product._id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(added.ok()).toBe(true);
  return shopper;
}

test('the wishlist: hearts as a guest, kept over a reload, merged at sign-in, shown in the account', async ({
  page,
  request,
}) => {
  test.slow(); // three pages, a reload and a sign-in
  const [kept, dropped, fromAccount] = await productsInStock(request);

  // A guest's hearts on the shop's cards: pressed when added, not when removed.
  await open(page, '/shop');
  await heart(page, kept!).click();
  await heart(page, dropped!).click();
  await expect(heart(page, kept!)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page, dropped!)).toHaveAttribute('aria-pressed', 'true');
  await heart(page, dropped!).click();
  await expect(heart(page, dropped!)).toHaveAttribute('aria-pressed', 'false');

  // Kept in the browser: a reload shows the same, and so does the product page, whose heart also toggles.
  await page.reload();
  await expect(heart(page, kept!)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page, dropped!)).toHaveAttribute('aria-pressed', 'false');
  await open(page, `/product/${kept!.slug}`);
  const productHeart = heart(page, kept!);
  await expect(productHeart).toHaveAttribute('aria-pressed', 'true');
  await productHeart.click();
  await expect(productHeart).toHaveAttribute('aria-pressed', 'false');
  await productHeart.click();
  await expect(productHeart).toHaveAttribute('aria-pressed', 'true');

  // Signing in merges the guest's list after the account's own.
  const shopper = await shopperWishingFor(request, fromAccount!);
  await signInThroughPage(page, shopper, '/profile/wishlist');
  const items = page.getByTestId('wishlist-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(fromAccount!.title);
  await expect(items.nth(1)).toContainText(kept!.title);
  await expect(items.nth(1)).toContainText('In stock');
  await expect(page.getByRole('checkbox', { name: /back in stock/ })).toBeChecked();

  // Add to Cart puts it in the cart; Remove takes it off the list, here and on the server.
  await items.nth(1).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-badge').first()).toHaveText('1');
  await items.nth(1).getByRole('button', { name: 'Remove' }).click();
  await expect(items).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await expect(page.getByTestId('wishlist-item')).toContainText(fromAccount!.title);

  // Logging out forgets this browser's copy; the account keeps its list.
  await open(page, '/profile/logout');
  await expect(page).toHaveURL('/');
  await open(page, `/product/${fromAccount!.slug}`);
  await expect(heart(page, fromAccount!)).toHaveAttribute('aria-pressed', 'false');
});
