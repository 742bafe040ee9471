// Hydration keeps the server's HTML (issue 23): React adopts the elements the page arrived with, in place, rather
// than moving them (a Suspense boundary that React's server outlined to the end of the document) or making them
// again (a hydration mismatch). Either would re-lay out the whole page on a phone, after its first paint.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { open } from './helpers';

async function pathOf(name: string, request: APIRequestContext): Promise<string> {
  if (name === 'home') return '/';
  if (name === 'shop') return '/shop';
  const { products } = (await (await request.get('/api/product/all-products')).json()) as {
    products: Array<{ slug: string }>;
  };
  return `/product/${products[0]!.slug}`;
}

for (const name of ['home', 'shop', 'product']) {
  test(`hydrating the ${name} page keeps every element the server sent, where it was`, async ({
    page: tab,
    request,
  }) => {
    const path = await pathOf(name, request);
    await tab.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const arrived = [...document.body.querySelectorAll('*')].filter((element) => element.tagName !== 'SCRIPT');
        Object.assign(window, { arrived });
      });
    });
    await open(tab, path);
    const { replaced, kept } = await tab.evaluate(() => {
      const arrived = (window as unknown as { arrived: Element[] }).arrived;
      const replaced = arrived
        .filter((element) => !element.isConnected)
        .map((element) => element.outerHTML.slice(0, 80));
      return { replaced, kept: arrived.length - replaced.length };
    });
    expect(replaced).toEqual([]);
    expect(kept).toBeGreaterThan(100);
    // Nothing of the page's content waited for a script to put it in place (React's outlined boundaries: <template
    // id="B:n"> where it belongs, <div hidden id="S:n"> at the end).
    expect(await tab.locator('main template, div[hidden][id^="S:"]').count()).toBe(0);
  });
}
