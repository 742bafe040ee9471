import { CURRENCY_SYMBOL } from './constants.ts';

/** Money is integer paise inside the system; the API and the screens show rupees. */
export const paiseToRupees = (paise: number): number => paise / 100;
// toFixed first: 1.005 * 100 is 100.49999… in floating point, and must still round to 101.
export const rupeesToPaise = (rupees: number): number => Math.round(Number((rupees * 100).toFixed(6)));

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const exactRupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹1,299' for whole rupees, '₹389.70' otherwise; always 2 decimals when fixedDecimals is set. */
export function formatRupees(rupees: number, { fixedDecimals = false } = {}): string {
  const format = fixedDecimals || !Number.isInteger(rupees) ? exactRupees : wholeRupees;
  return `${CURRENCY_SYMBOL}${format.format(rupees)}`;
}
