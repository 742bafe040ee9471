import type { CatalogService } from '../server/catalog/service.ts';
import type { ShopSettings } from '../core/shop.ts';

/** What the server hands every route loader and action. */
export interface StorefrontContext {
  catalog: CatalogService;
  shop: ShopSettings;
  /** Public origin for canonical URLs, sitemaps and Open Graph tags. */
  origin: string;
}

declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}
