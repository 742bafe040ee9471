import { CURRENCY_SYMBOL } from './constants.ts';

/** Money is integer paise inside the system; the API and the screens show rupees. */
export const paiseToRupees = (paise: number): number => paise / 100;
// toFixed first: 1.005 * 100 is 100.49999… in floating point, and must still round to 101.
export const rupeesToPaise = (rupees: number): number => Math.round(Number((rupees * 100).toFixed(6)));

/** Indian digit grouping, '12,34,567': the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * '₹1,299' for whole rupees, '₹389.70' otherwise; always 2 decimals when fixedDecimals is set.
 * Written out rather than through Intl.NumberFormat: a browser's first 'en-IN' formatter loads its locale data,
 * 20 to 70 ms on the main thread of every page that shows a price (issue 23); the tests compare it with Intl.
 */
export function formatRupees(rupees: number, { fixedDecimals = false } = {}): string {
  const sign = rupees < 0 ? '-' : '';
  const decimals = fixedDecimals || !Number.isInteger(rupees);
  const units = Math.round(Math.abs(rupees) * (decimals ? 100 : 1));
  const whole = decimals ? Math.floor(units / 100) : units;
  const fraction = decimals ? `.${String(units % 100).padStart(2, '0')}` : '';
  return `${CURRENCY_SYMBOL}${sign}${groupIndian(String(whole))}${fraction}`;
}
