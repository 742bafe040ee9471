// The contract between the server and the storefront it renders: what every route loader and action is handed.
import type { Product } from './product.ts';
import type { ReviewListItem } from './contracts/reviews.ts';
import type { ShopSettings } from './shop.ts';
import type { AdminViewer } from './contracts/admin-session.ts';

export interface BannerImage {
  src: string;
  alt: string;
}

/** The catalogue reads route loaders make; the server's catalogue service provides them. */
export interface StorefrontCatalog {
  listProducts(): Promise<Product[]>;
  getProduct(id: string): Promise<Product | undefined>;
  getProductBySlug(slug: string): Promise<Product | undefined>;
  getBanners(): Promise<{ carousel: BannerImage[]; snapshot: BannerImage[] }>;
  /** A product's visible reviews, newest first, each with its 'Verified purchase' flag. */
  getReviews(productId: string): Promise<ReviewListItem[]>;
}

/** What the server hands every route loader and action. */
export interface StorefrontContext {
  catalog: StorefrontCatalog;
  shop: ShopSettings;
  /** Public origin for canonical URLs, sitemaps and Open Graph tags. */
  origin: string;
  /** Google sign-in's OAuth client id, or null when Google sign-in is off. */
  googleClientId: string | null;
  /**
   * Prepaid checkout: the gateway's script (PhonePe's, or the local simulator's), or null when prepaid is off
   * (production without PhonePe credentials); checkout then offers cash on delivery only and says why.
   */
  paymentScriptUrl: string | null;
  /** The origins the gateway's pay page may come from: the browser opens no other (empty when prepaid is off). */
  paymentPayPageOrigins: string[];
  /** The back office's pages (decision 0033): who is signed in, from the request's `admin_session` cookie. */
  admin: {
    /** The admin of the request's session at any stage (check `stage`), or null without a live one. */
    viewer(request: Request): Promise<AdminViewer | null>;
  };
  /** This response's Content-Security-Policy nonce: every script the page renders must carry it. */
  cspNonce: string;
}
