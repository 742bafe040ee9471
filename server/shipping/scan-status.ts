// Shiprocket's tracking webhook body read into one scan (issue 34, decision 0074).
import type { TrackingScan } from '../platform/shipping/face.ts';

const INDIA_OFFSET_MS = 5.5 * 3_600_000;
/** `23 05 2023 11:43:52`, the webhook's `current_timestamp`. */
const DAY_FIRST = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
/** `2023-05-19 11:59:16`, a scan's `date`. */
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A time Shiprocket writes in India time without a zone, or null when it is neither of its two forms. */
export function indiaTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const dayFirst = DAY_FIRST.exec(text.trim());
  const yearFirst = YEAR_FIRST.exec(text.trim());
  const parts = dayFirst
    ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]]
    : yearFirst?.slice(1, 7);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - INDIA_OFFSET_MS);
  // Rejects 31 02 2026 and the like, which Date.UTC would roll over.
  return new Date(utc).getUTCDate() === day && new Date(utc).getUTCMonth() === month - 1 ? date : null;
}

const LABEL_MAX = 200;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, LABEL_MAX) : null;
const wholeNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

/** A tracking webhook's AWB and scan; null when it lacks an AWB, a status id or a time (kept, and ignored). */
export function scanOfWebhook(body: Record<string, unknown>): { awb: string; scan: TrackingScan } | null {
  const awb = typeof body.awb === 'number' ? String(body.awb) : text(body.awb);
  const statusId = wholeNumber(body.shipment_status_id) ?? wholeNumber(body.current_status_id);
  const scans = Array.isArray(body.scans)
    ? body.scans.filter((scan): scan is Record<string, unknown> => typeof scan === 'object' && scan !== null)
    : [];
  const lastScan = scans.at(-1);
  const at = indiaTime(body.current_timestamp) ?? indiaTime(lastScan?.date);
  if (!awb || statusId === null || !at) return null;
  const activity = text(lastScan?.activity) ?? text(body.shipment_status) ?? text(body.current_status) ?? '';
  return { awb, scan: { statusId, activity, location: text(lastScan?.location), at } };
}
