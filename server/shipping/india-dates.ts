// Dates as India's clock has them (UTC+5:30 all year): delivery estimates are calendar days there.
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const isoDate = (year: number, month: number, day: number) =>
  `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** `YYYY-MM-DD` in India, `days` after `now`. */
export function indiaDate(now: Date, days = 0): string {
  const india = new Date(now.getTime() + IST_OFFSET_MS + days * DAY_MS);
  return isoDate(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate());
}

/**
 * Serviceability's `etd` as a date: "Dec 17, 2026" (also "Sept", "17 Dec 2026", and "2026-12-17 …"), or null for
 * anything else, or a date that does not exist.
 */
export function parseEtd(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text);
  const monthFirst = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(text);
  const dayFirst = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  else if (monthFirst) [year, month, day] = [Number(monthFirst[3]), monthIndex(monthFirst[1]!), Number(monthFirst[2])];
  else if (dayFirst) [year, month, day] = [Number(dayFirst[3]), monthIndex(dayFirst[2]!), Number(dayFirst[1])];
  else return null;
  const date = new Date(Date.UTC(year, month, day));
  if (month < 0 || date.getUTCMonth() !== month || date.getUTCDate() !== day) return null;
  return isoDate(year, month, day);
}

const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

/** Shiprocket's scan time, "2026-12-04 18:20:05" in India, as an instant; null when it is not one. */
export function parseIndiaTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const at = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - IST_OFFSET_MS;
  return Number.isFinite(at) ? new Date(at) : null;
}
