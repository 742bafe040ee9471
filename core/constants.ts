/** Business constants and limits from spec section 9, shared by the storefront and the server. */

export const CURRENCY_SYMBOL = '₹';

export const DEFAULT_PAYMENT_METHOD = 'prepaid';
export const PAYMENT_METHODS = ['prepaid', 'cod'] as const;

export const DISPATCH_WITHIN_HOURS = 24;
export const DELIVERY_DAYS_METRO = { min: 3, max: 5 } as const;
export const DELIVERY_DAYS_ELSEWHERE = { min: 5, max: 10 } as const;
/** The delivery helper line says 3 to 7 days unless its page gives a range; the product page gives 3 to 9. */
export const DELIVERY_ESTIMATE_DEFAULT = { min: 3, max: 7 } as const;
export const DELIVERY_ESTIMATE_PRODUCT_PAGE = { min: 3, max: 9 } as const;

export const RETURN_WINDOW_WORKING_DAYS = 7;
export const CANCELLATION_WINDOW_HOURS = 24;
export const MINIMUM_ORDER_AGE = 18;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const PINCODE_DIGITS = 6;
export const PHONE_DIGITS = 10;
export const CONTACT_NAME_MIN_LENGTH = 3;

export const CAROUSEL_INTERVAL_MS = 3000;
export const TITLE_CUT_LENGTH = 40;
export const ORDER_ID_SHOWN_CHARS = 6;
export const PROMO_DISCOUNT_PERCENT = 70;

export const SWIPE_THRESHOLD_PX = 50;
export const THUMBNAIL_STEP_PX = 100;
export const MAX_STARS = 5;
export const RESET_REDIRECT_MS = 2000;
export const DEFAULT_QUANTITY = 1;
/** The most of one product an order or cart line may hold, and the most different products a cart may hold. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 100;
/** The most products a wishlist may hold. */
export const MAX_WISHLIST_ITEMS = 100;

export const TOAST_MAX_WIDTH_PX = 350;
/** Each toast kind and how long it shows (spec section 9); a loading toast stays until it is dismissed. */
export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
} as const;

/** Catalogue data the browser fetched is reused until this long after it was last used. */
export const CACHED_DATA_KEPT_MS = 60_000;

export const MOBILE_MENU_WIDTH = '80%';
export const MOBILE_MENU_TWEEN_SECONDS = 0.4;

/** One unit's parcel when nobody has measured it (issue 34): 0.5 kg, 20 × 15 × 10 cm. */
export const DEFAULT_PRODUCT_PARCEL = { weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 } as const;

/** Where the browser keeps the PIN a shopper last checked on a product page, for checkout to start from. */
export const REMEMBERED_PIN_KEY = 'deliveryPin';
