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
