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

/** A call of the shop's own API from a loader or an action: an /api/ path with its query, and a JSON body. */
export interface InProcessCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as JSON; a multipart upload passes its encoded bytes and content type instead. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface InProcessAnswer {
  status: number;
  /** The answer's JSON, undefined when it had none or it was not JSON. */
  body: unknown;
  /** Its Set-Cookie headers: an action whose change sets or clears a cookie (signing out) passes them on. */
  setCookies: string[];
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
  /**
   * Sends a request to the shop's own API in process, as the browser would send it: with the page request's cookie
   * and origin headers, from its client's address (`clientAddress`), so the admin guard, its CSRF check, the audit
   * log and the contracts are the browser's one path (issue 32). Answers the status and the parsed JSON body.
   */
  api(request: Request, clientAddress: string | undefined, call: InProcessCall): Promise<InProcessAnswer>;
  /** The page request's TCP peer, which an in-process API call comes from; unset for a page rendered for the cache. */
  clientAddress?: string;
  /** This response's Content-Security-Policy nonce: every script the page renders must carry it. */
  cspNonce: string;
}
