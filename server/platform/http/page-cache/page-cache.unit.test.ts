import { describe, expect, it } from 'vitest';
import { NonceTemplate } from './nonce-template.ts';
import { PageCache, type CachedPage } from './page-cache.ts';

const page = (html: string, keep = true): CachedPage => ({
  status: keep ? 200 : 404,
  headers: [['content-type', 'text/html; charset=utf-8']],
  body: new NonceTemplate(html, 'NONCE'),
  keep,
});

/** A render the test finishes when it likes, counting how often it ran. */
function controlledRender(html: string) {
  let calls = 0;
  let finish: () => void = () => {};
  const render = () => {
    calls++;
    return new Promise<CachedPage>((resolve) => (finish = () => resolve(page(html))));
  };
  return { render, finish: () => finish(), calls: () => calls };
}

describe('the page cache', () => {
  it('renders a missing page once, however many requests wait, then answers from memory', async () => {
    const cache = new PageCache(1_000_000);
    const slow = controlledRender('<p>lamp</p>');
    const waiting = Array.from({ length: 20 }, () => cache.get('/product/lamp', slow.render));
    slow.finish();
    const answers = await Promise.all(waiting);
    expect(slow.calls()).toBe(1);
    expect(new Set(answers.map(({ page }) => page)).size).toBe(1);
    expect(answers.every(({ hit }) => !hit)).toBe(true);

    const again = await cache.get('/product/lamp', slow.render);
    expect(again.hit).toBe(true);
    expect(slow.calls()).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 20, pages: 1 });
  });

  it('never keeps a render that began before the cache was cleared', async () => {
    const cache = new PageCache(1_000_000);
    const old = controlledRender('<p>₹1,299</p>');
    const before = cache.get('/shop', old.render);
    cache.clear(); // a price changed while the page was rendering
    old.finish();
    expect((await before).page.body.plain('x').toString()).toBe('<p>₹1,299</p>');

    const fresh = controlledRender('<p>₹1,199</p>');
    const after = cache.get('/shop', fresh.render);
    fresh.finish();
    expect((await after).page.body.plain('x').toString()).toBe('<p>₹1,199</p>');
    expect(fresh.calls()).toBe(1);
    expect((await cache.get('/shop', fresh.render)).hit).toBe(true);
  });

  it('starts a new render for requests that come after a clear, not the one under way', async () => {
    const cache = new PageCache(1_000_000);
    const old = controlledRender('<p>old</p>');
    void cache.get('/', old.render);
    cache.clear();
    const fresh = controlledRender('<p>new</p>');
    const after = cache.get('/', fresh.render);
    fresh.finish();
    old.finish();
    expect((await after).page.body.plain('x').toString()).toBe('<p>new</p>');
  });

  it('keeps pages that must not be kept for no one but the requests waiting on them', async () => {
    const cache = new PageCache(1_000_000);
    let calls = 0;
    const render = async () => (calls++, page('<p>Not found</p>', false));
    await cache.get('/product/gone', render);
    await cache.get('/product/gone', render);
    expect(calls).toBe(2);
    expect(cache.stats().pages).toBe(0);
  });

  it('stays within its byte limit, letting the least recently used page go first', async () => {
    const one = page('a'.repeat(400));
    const limit = one.body.bytes * 2 + 10;
    const cache = new PageCache(limit);
    const render = (html: string) => async () => page(html);
    await cache.get('/a', render('a'.repeat(400)));
    await cache.get('/b', render('b'.repeat(400)));
    await cache.get('/a', render('never')); // /a is now the most recently used
    await cache.get('/c', render('c'.repeat(400)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(limit);
    expect((await cache.get('/a', render('never'))).hit).toBe(true);
    expect((await cache.get('/b', render('b'.repeat(400)))).hit).toBe(false);
  });
});
