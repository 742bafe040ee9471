/** A link inside running text: sign-in pages, checkout and tracking. */
export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** A link inside the account area's text. */
export const accountLinkClass = 'font-medium text-brand-700 underline hover:text-brand-800';
