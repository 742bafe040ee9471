import { open } from './helpers';
import { expect, test } from '@playwright/test';

test.describe('on a 390 px phone', () => {
  test('the side menu slides in over a dark overlay and locks the page', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('menu-overlay')).toBeVisible();
    await expect.poll(() => menu.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBe(312);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect(menu.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
    await page.getByTestId('menu-overlay').click({ position: { x: 370, y: 400 } });
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('the gallery swipes past 50 px, counts, and stops at the ends', async ({ page, request }) => {
    const { products } = await (await request.get('/api/product/all-products')).json();
    const product = products.find((candidate: { image: string[] }) => candidate.image.length >= 3);
    await open(page, `/product/${product.slug}`);
    const counter = page.getByTestId('gallery-counter');
    const total = product.image.length;
    await expect(counter).toHaveText(`1 / ${total}`);
    await expect(page.getByRole('button', { name: 'Previous image' })).toBeDisabled();

    const swipe = async (dx: number) => {
      const box = (await page.getByTestId('gallery-main').boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      await page
        .getByTestId('gallery-main')
        .dispatchEvent('pointerdown', { clientX: x, clientY: y, pointerType: 'touch', isPrimary: true });
      await page
        .getByTestId('gallery-main')
        .dispatchEvent('pointerup', { clientX: x + dx, clientY: y, pointerType: 'touch', isPrimary: true });
    };
    await swipe(-30);
    await expect(counter).toHaveText(`1 / ${total}`);
    await swipe(-80);
    await expect(counter).toHaveText(`2 / ${total}`);
    await swipe(80);
    await expect(counter).toHaveText(`1 / ${total}`);
    for (let index = 1; index < total; index++) await page.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    await expect(page.getByRole('button', { name: 'Next image' })).toBeDisabled();
    await swipe(-80);
    await expect(counter).toHaveText(`${total} / ${total}`);
  });

  test('the footer columns are accordions, one open at a time', async ({ page }) => {
    await open(page, '/about-us');
    const columns = page.getByTestId('footer-accordion');
    const terms = columns.nth(1).getByRole('link', { name: 'Terms of Service' });
    await expect(terms).toBeHidden();
    await columns.nth(1).locator('summary').click();
    await expect(terms).toBeVisible();
    await columns.nth(2).locator('summary').click();
    await expect(columns.nth(2)).toHaveAttribute('open', '');
    await expect(columns.nth(1)).not.toHaveAttribute('open');
    await expect(terms).toBeHidden();
    await columns.nth(2).locator('summary').click();
    await expect(columns.nth(2)).not.toHaveAttribute('open');
  });
});
