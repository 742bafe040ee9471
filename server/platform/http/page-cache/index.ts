// The storefront's page cache (decision 0038): anonymous pages in memory, each response with its own nonce.
export { PageCache, type CachedPage, type PageCacheStats } from './page-cache.ts';
export { NonceTemplate, newPlaceholder } from './nonce-template.ts';
export { isCacheablePage, pageCacheKeys } from './cacheable-pages.ts';
