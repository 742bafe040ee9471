import { expect, test, type APIRequestContext, type APIResponse, type Page, type Response } from '@playwright/test';

interface ApiProduct {
  slug: string;
  countInStock: number;
}

declare global {
  interface Window {
    cspViolations?: string[];
    injectedScriptRan?: boolean;
    injectedHandlerRan?: boolean;
  }
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  return consoleErrors;
}

const scriptSources = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
    ?.slice(1) ?? [];

/** The nonce of a response's script-src, after checking that scripts never run by 'unsafe-inline'. */
function nonceOf(response: Response | APIResponse): string {
  const policy = response.headers()['content-security-policy'];
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  const sources = scriptSources(policy!);
  expect(sources).not.toContain("'unsafe-inline'");
  const nonce = sources.map((source) => /^'nonce-([A-Za-z0-9+/=_-]{16,})'$/.exec(source)?.[1]).find(Boolean);
  expect(nonce, `a nonce in script-src: ${policy}`).toBeTruthy();
  return nonce!;
}

/** Every executable script and module preload the server wrote carries the nonce. */
function expectNoncedMarkup(html: string, nonce: string) {
  const tags = [...html.matchAll(/<script\b[^>]*>|<link\b[^>]*rel="modulepreload"[^>]*>/g)]
    .map(([tag]) => tag)
    // JSON-LD is data, which CSP never runs.
    .filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, 'a tag with the nonce').toContain(`nonce="${nonce}"`);
}

/** Opens a page without waiting for its images (resized on first request), until React has hydrated it. */
async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response!;
}

/** The served page runs scripts only by its nonce, and nothing on it broke the policy. */
async function expectStrictPage(page: Page, response: Response, consoleErrors: string[]) {
  expectNoncedMarkup(await response.text(), nonceOf(response));
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
}

async function productInStock(request: APIRequestContext): Promise<ApiProduct> {
  const { products } = (await (await request.get('/api/product/all-products')).json()) as { products: ApiProduct[] };
  return products.find((candidate) => candidate.countInStock > 0)!;
}

test.describe('Content-Security-Policy', () => {
  for (const [name, path] of [
    ['the home page', '/'],
    ['the sign-in page', '/signin'],
  ]) {
    test(`${name} runs scripts only by nonce, hydrates, and breaks no rule`, async ({ page }) => {
      const consoleErrors = await watchViolations(page);
      await expectStrictPage(page, await visit(page, path!), consoleErrors);
    });
  }

  test('a product page runs scripts only by nonce, hydrates, and breaks no rule', async ({ page, request }) => {
    const consoleErrors = await watchViolations(page);
    const product = await productInStock(request);
    await expectStrictPage(page, await visit(page, `/product/${product.slug}`), consoleErrors);
  });

  test('two visitors of a cached page each get their own nonce, and both pages hydrate and break no rule', async ({
    browser,
    request,
  }) => {
    const path = `/product/${(await productInStock(request)).slug}`;
    const answers: Array<{ nonce: string; cache: string | undefined }> = [];
    // Other workers' orders empty the cache at any moment, so visitors come until one is answered from it.
    for (let visitor = 0; visitor < 8 && !answers.slice(1).some(({ cache }) => cache === 'hit'); visitor++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const consoleErrors = await watchViolations(page);
      const response = await visit(page, path);
      await expectStrictPage(page, response, consoleErrors);
      answers.push({ nonce: nonceOf(response), cache: response.headers()['x-page-cache'] });
      await context.close();
    }
    expect(answers.slice(1).map(({ cache }) => cache)).toContain('hit');
    expect(new Set(answers.map(({ nonce }) => nonce)).size).toBe(answers.length);
  });

  test('the checkout runs scripts only by nonce, hydrates, and breaks no rule', async ({ page, request }) => {
    const consoleErrors = await watchViolations(page);
    // Something in the cart, so the whole form renders.
    await visit(page, `/product/${(await productInStock(request)).slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL('/cart');
    const checkout = await visit(page, '/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expectStrictPage(page, checkout, consoleErrors);
  });

  test('markup injected into a page cannot run script', async ({ page }) => {
    await watchViolations(page);
    // Stands in for an injection flaw: the served HTML gains an inline script and an event handler, without the nonce.
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const injected =
        '<script>window.injectedScriptRan = true;</script>' +
        '<img src="data:," alt="" onerror="window.injectedHandlerRan = true">';
      await route.fulfill({ response, headers, body: (await response.text()).replace('<main', `${injected}<main`) });
    });
    await visit(page, '/');
    await expect.poll(() => page.evaluate(() => window.cspViolations!.length)).toBe(2);
    expect(await page.evaluate(() => [window.injectedScriptRan, window.injectedHandlerRan])).toEqual([
      undefined,
      undefined,
    ]);
  });

  test('each response gets its own nonce', async ({ request }) => {
    const first = nonceOf(await request.get('/'));
    const second = nonceOf(await request.get('/'));
    expect(second).not.toBe(first);
  });

  test('the JSON API may load nothing and not be framed', async ({ request }) => {
    const policy = (await request.get('/api/health')).headers()['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test('the API docs work under their own policy', async ({ page }) => {
    const consoleErrors = await watchViolations(page);
    const response = (await page.goto('/api/docs', { waitUntil: 'domcontentloaded' }))!;
    const policy = response.headers()['content-security-policy'];
    expect(scriptSources(policy ?? '')).toEqual(["'self'"]);
    await expect(page.locator('.opblock').first()).toBeVisible();
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
