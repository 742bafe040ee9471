/** Shop facts from configuration that every page may show. */
export interface ShopSettings {
  name: string;
  phone: string;
  email: string;
  facebookUrl: string;
  instagramUrl: string;
  /** Items totals above this ship free; 0 means every order ships free. */
  freeShippingAboveRupees: number;
  shippingFeeRupees: number;
  /** REVIEW_MAX_FILES: how many photos a review keeps (0: reviews take no photos). */
  reviewMaxFiles: number;
}
