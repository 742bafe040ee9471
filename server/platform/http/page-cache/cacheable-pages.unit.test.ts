import { describe, expect, it } from 'vitest';
import { pageCacheKeys } from './cacheable-pages.ts';

const keyOf = pageCacheKeys('https://shop.example');

describe('the page cache key (decision 0050)', () => {
  it('is the path of a cacheable page', () => {
    expect(keyOf('/')).toBe('/');
    expect(keyOf('/shop')).toBe('/shop');
    expect(keyOf('/product/brass-diya-lamp')).toBe('/product/brass-diya-lamp');
    expect(keyOf('/cart')).toBeNull();
    expect(keyOf('//elsewhere.example/')).toBeNull();
  });

  it('keeps only the query a page reads, sorted, with empty values and repeats dropped', () => {
    expect(keyOf('/product/lamp?review=1')).toBe('/product/lamp?review=1');
    expect(keyOf('/product/lamp?review=1&review=1')).toBe('/product/lamp?review=1');
    // The page reads the first value, as URLSearchParams.get does.
    expect(keyOf('/product/lamp?review=1&review=7')).toBe('/product/lamp?review=1');
    for (const empty of ['/shop?', '/shop?&&']) expect(keyOf(empty), empty).toBe('/shop');
    expect(keyOf('/product/lamp?review=')).toBe('/product/lamp');
  });

  it('is null for any other query: the page is rendered for the request and not kept', () => {
    for (const target of [
      '/shop?utm_source=instagram',
      '/?x=1',
      '/product/lamp?review=2',
      '/product/lamp?review=7&review=1',
      '/product/lamp?review=1&fbclid=abc',
      '/about-us?review=1',
    ])
      expect(keyOf(target), target).toBeNull();
  });

  it('gives a flood of made-up queries no key at all, so none of them can push a kept page out', () => {
    const keys = new Set<string | null>();
    for (let i = 0; i < 500; i++) keys.add(keyOf(`/product/lamp?${Math.random().toString(36).slice(2)}=${i}`));
    expect([...keys]).toEqual([null]);
  });
});
