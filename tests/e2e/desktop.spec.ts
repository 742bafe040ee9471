import { open } from './helpers';
import { expect, test } from '@playwright/test';

test.describe('on a desktop', () => {
  test('the thumbnail strip picks the large image and the social links open a new tab', async ({ page, request }) => {
    const { products } = await (await request.get('/api/product/all-products')).json();
    const product = products.find((candidate: { image: string[] }) => candidate.image.length >= 4);
    await open(page, `/product/${product.slug}`);
    await expect(page.getByTestId('thumbnail-strip')).toBeVisible();
    await page.getByRole('button', { name: `Show image 3 of ${product.image.length}` }).click();
    await expect(page.getByRole('img', { name: `${product.title}, image 3 of ${product.image.length}` })).toBeVisible();
    await expect(page.getByRole('link', { name: /on Instagram/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});
