/** The shop's clock: India Standard Time, UTC+5:30 all year (India keeps no daylight saving time). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The month names en-IN uses in a short date; September is 'Sept'. */
export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A date as the shop's clock has it, '6 Sept 2026': what Intl.DateTimeFormat('en-IN', { day: 'numeric', month:
 * 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }) writes (the tests compare the two). Written out because a
 * browser's first formatter for a locale and time zone loads their data, some 20 ms of a product page's start on a
 * fast machine, four times that on a phone (issue 23); and so the server and every browser write the same text.
 */
export function formatShopDate(iso: string): string {
  const shopTime = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return `${shopTime.getUTCDate()} ${SHORT_MONTHS[shopTime.getUTCMonth()]} ${shopTime.getUTCFullYear()}`;
}
