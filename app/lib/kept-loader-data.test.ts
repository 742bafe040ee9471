import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_DATA_KEPT_MS } from '../../core/constants';
import { keptLoaderData } from './kept-loader-data';

/** A load of `path` whose server loader answers `data`, counting how often it is asked. */
function loaderFor(path: string, data: unknown = { path }) {
  const serverLoader = vi.fn(async () => data);
  const load = () => keptLoaderData({ request: new Request(`http://shop.test${path}`), serverLoader });
  return { load, serverLoader };
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('keptLoaderData', () => {
  it("reuses a URL's answer until it has gone unused for CACHED_DATA_KEPT_MS", async () => {
    const { load, serverLoader } = loaderFor('/product/lamp');
    await expect(load()).resolves.toEqual({ path: '/product/lamp' });
    vi.advanceTimersByTime(CACHED_DATA_KEPT_MS - 1_000);
    await load(); // used again: kept from now on
    vi.advanceTimersByTime(CACHED_DATA_KEPT_MS - 1_000);
    await expect(load()).resolves.toEqual({ path: '/product/lamp' });
    expect(serverLoader).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(CACHED_DATA_KEPT_MS + 1);
    await load();
    expect(serverLoader).toHaveBeenCalledTimes(2);
  });

  it('keeps each URL apart', async () => {
    const shop = loaderFor('/shop');
    const vase = loaderFor('/product/vase');
    await shop.load();
    await expect(vase.load()).resolves.toEqual({ path: '/product/vase' });
    expect(vase.serverLoader).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next load asks again', async () => {
    const { load, serverLoader } = loaderFor('/product/gone');
    serverLoader.mockRejectedValueOnce(new Response('Not found', { status: 404 }));
    await expect(load()).rejects.toBeInstanceOf(Response);
    await expect(load()).resolves.toEqual({ path: '/product/gone' });
    expect(serverLoader).toHaveBeenCalledTimes(2);
  });
});
