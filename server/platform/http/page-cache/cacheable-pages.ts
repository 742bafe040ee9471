/**
 * The pages every anonymous visitor sees alike (decision 0038): the home page, the shop, product pages and the
 * shop's own text pages. The session lives in the browser, so nothing on them depends on who asks.
 *
 * Each names the query parameters it reads and the values it tells apart (decision 0050): a page is kept under its
 * path and those alone, so a query it does not read cannot make another copy of it, nor push the others out.
 */
interface CacheablePage {
  path: RegExp;
  /** Parameter → the values the page shows differently; any other value reads as the parameter being absent. */
  reads?: Readonly<Record<string, RegExp>>;
}

const CACHEABLE: readonly CacheablePage[] = [
  { path: /^\/$/ },
  { path: /^\/shop$/ },
  // app/routes/product.tsx: the review request mail's `?review=1` opens the review form.
  { path: /^\/product\/[^/]+$/, reads: { review: /^1$/ } },
  { path: /^\/(about-us|shipping-policy|return-policy|privacy-policy|terms-of-service|contact-us)$/ },
];

const pageAt = (pathname: string) => CACHEABLE.find((page) => page.path.test(pathname));

export const isCacheablePage = (pathname: string): boolean => pageAt(pathname) !== undefined;

/**
 * The page's key for a query: the parameters it reads, sorted, each with the value the page reads (the first, as
 * `URLSearchParams.get`); empty values and later repeats dropped. Null when the query holds anything else (another
 * parameter, or a value the page does not tell apart): such a request is rendered for itself and not kept.
 */
function keptQuery(page: CacheablePage, search: URLSearchParams): string | null {
  const kept = new Map<string, string>();
  for (const [name, value] of search) {
    if (value === '' || kept.has(name)) continue;
    if (!page.reads?.[name]?.test(value)) return null;
    kept.set(name, value);
  }
  const sorted = new URLSearchParams([...kept].sort(([a], [b]) => (a < b ? -1 : 1))).toString();
  return sorted ? `?${sorted}` : '';
}

/**
 * The cache key of a request target on the shop at `origin`: its path and the query the page reads, normalised,
 * when it names a cacheable page of this shop; else null. A target such as `//elsewhere/` resolves to another
 * origin, so it is never rendered for the cache (its page would carry that origin's links) and never answered from
 * it.
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
    const page = url.origin === own ? pageAt(url.pathname) : undefined;
    const query = page ? keptQuery(page, url.searchParams) : null;
    return query === null ? null : url.pathname + query;
  };
}
