// Shiprocket writes every time in India Standard Time (UTC+5:30, no daylight saving), each field its own way.
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (value: number) => String(value).padStart(2, '0');
const parts = (at: Date) => {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    year: india.getUTCFullYear(),
    month: india.getUTCMonth(),
    day: india.getUTCDate(),
    time: `${two(india.getUTCHours())}:${two(india.getUTCMinutes())}:${two(india.getUTCSeconds())}`,
  };
};

/** Serviceability's `etd`: "Dec 17, 2026". */
export function etdText(at: Date): string {
  const { year, month, day } = parts(at);
  return `${MONTHS[month]} ${two(day)}, ${year}`;
}

/** Scans' and tracking's `date`: "2026-12-04 18:20:05". */
export function scanTime(at: Date): string {
  const { year, month, day, time } = parts(at);
  return `${year}-${two(month + 1)}-${two(day)} ${time}`;
}

/** The webhook's `current_timestamp`: "23 05 2023 11:43:52". */
export function webhookTimestamp(at: Date): string {
  const { year, month, day, time } = parts(at);
  return `${two(day)} ${two(month + 1)} ${year} ${time}`;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
