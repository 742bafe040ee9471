import { expect, test } from '@playwright/test';
import { open } from './helpers';

interface ApiProduct {
  slug: string;
  title: string;
  price: number;
  countInStock: number;
}

const rupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

test('the cart: empty state, steppers within stock, prices with shipping, and removal', async ({ page, request }) => {
  await open(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is currently empty.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '/shop');

  const { products } = (await (await request.get('/api/product/all-products')).json()) as { products: ApiProduct[] };
  const scarce = products.find((product) => product.countInStock === 2)!;
  await open(page, `/product/${scarce.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(scarce.title);

  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await plus.click();
  await expect(page.getByTestId('quantity')).toHaveText('2');
  await expect(plus).toBeDisabled();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  const items = scarce.price * 2;
  const shipping = items > 500 ? 0 : 60;
  await expect(page.getByTestId('cart-subtotal')).toHaveText(rupees(items));
  await expect(page.getByTestId('cart-shipping')).toHaveText(shipping === 0 ? 'Free' : rupees(shipping));
  await expect(page.getByTestId('cart-total')).toHaveText(rupees(items + shipping));
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

  // Minus at 1 removes the line; the cart survives a reload until then.
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  // The change is stored once the page shows it (the reducer loads on first use); then it survives a reload.
  await expect(page.getByTestId('quantity')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('quantity')).toHaveText('1');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is currently empty.' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('Remove takes a line out of the cart', async ({ page, request }) => {
  const { products } = (await (await request.get('/api/product/all-products')).json()) as { products: ApiProduct[] };
  const [first, second] = products.filter((product) => product.countInStock > 5);
  for (const product of [first!, second!]) {
    await open(page, `/product/${product.slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL('/cart');
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('cart-line').filter({ hasText: first!.title }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(second!.title);
});
