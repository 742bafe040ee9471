/**
 * REVIEW_MESSAGES.signIn, for the always-loaded panel. Repeated here (a test keeps the two equal) because the
 * contract module brings zod, which the product page's first load must not (decision 0011).
 */
export const SIGN_IN_TO_REVIEW = 'Signin to write a review';
