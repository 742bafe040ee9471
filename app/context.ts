import { createContext } from 'react';
import type { Product, Review } from '../core/product.ts';
import type { ShopSettings } from '../core/shop.ts';

interface BannerImage {
  src: string;
  alt: string;
}

/** The catalogue reads route loaders make; the server's catalogue service provides them. */
export interface StorefrontCatalog {
  listProducts(): Promise<Product[]>;
  getProduct(id: string): Promise<Product | undefined>;
  getProductBySlug(slug: string): Promise<Product | undefined>;
  getBanners(): Promise<{ carousel: BannerImage[]; snapshot: BannerImage[] }>;
  getReviews(productId: string): Promise<Review[]>;
}

/** What the server hands every route loader and action. */
export interface StorefrontContext {
  catalog: StorefrontCatalog;
  shop: ShopSettings;
  /** Public origin for canonical URLs, sitemaps and Open Graph tags. */
  origin: string;
  /** Google sign-in's OAuth client id, or null when Google sign-in is off. */
  googleClientId: string | null;
  /** This response's Content-Security-Policy nonce: every script the page renders must carry it. */
  cspNonce: string;
}

declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}

/**
 * The nonce for <Links> and <Scripts>: set while the server renders; '' in the browser, which is what the DOM
 * shows of a nonce attribute, so hydration matches. Kept out of loader data, so it is not in the page's JSON.
 */
export const CspNonce = createContext('');
