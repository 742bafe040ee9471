import { HttpError } from '../platform/http/errors.ts';
import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS } from '../../core/contracts/analytics.ts';

/** Days from and to, inclusive, as 2026-11-27. */
export interface DayRange {
  from: string;
  to: string;
}

/** India keeps one offset all year (UTC+5:30, no daylight saving), so a shop's day needs no time zone data. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in India at `moment`. */
export const indiaDay = (moment: Date): string =>
  new Date(moment.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * The days a report covers: `to` (today by default) and `from` (REPORT_DEFAULT_DAYS up to `to` by default). A range
 * that runs backwards or spans more than REPORT_MAX_DAYS is a 400.
 */
export function reportRange(asked: { from?: string; to?: string }, now: Date): DayRange {
  const to = asked.to ?? indiaDay(now);
  const from = asked.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw new HttpError(400, 'from must be on or before to');
  if (daysBetween(from, to) >= REPORT_MAX_DAYS)
    throw new HttpError(400, `A report covers at most ${REPORT_MAX_DAYS} days`);
  return { from, to };
}
