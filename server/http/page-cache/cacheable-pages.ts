/**
 * The pages every anonymous visitor sees alike (decision 0038): the home page, the shop, product pages and the
 * shop's own text pages. The session lives in the browser, so nothing on them depends on who asks.
 */
const CACHEABLE = [
  /^\/$/,
  /^\/shop$/,
  /^\/product\/[^/]+$/,
  /^\/(about-us|shipping-policy|return-policy|privacy-policy|terms-of-service|contact-us)$/,
];

export const isCacheablePage = (pathname: string): boolean => CACHEABLE.some((page) => page.test(pathname));

/**
 * The cache key of a request target on the shop at `origin`: its path and query when it names a cacheable page of
 * this shop, else null. A target such as `//elsewhere/` resolves to another origin, so it is never rendered for the
 * cache (its page would carry that origin's links) and never answered from it.
 */
const PLAIN_PATH = /^(\/[\w~-]+)+$|^\/$/;

export function pageCacheKeys(origin: string): (target: string) => string | null {
  const own = new URL(origin).origin;
  return (target) => {
    // Most targets are a plain path, which is its own key: no dot segment, escape, query or second slash to resolve.
    if (PLAIN_PATH.test(target)) return isCacheablePage(target) ? target : null;
    let url: URL;
    try {
      url = new URL(target, own);
    } catch {
      return null;
    }
    return url.origin === own && isCacheablePage(url.pathname) ? url.pathname + url.search : null;
  };
}
