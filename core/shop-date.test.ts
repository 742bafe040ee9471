import { describe, expect, it } from 'vitest';
import { formatShopDate } from './shop-date.ts';

describe('formatShopDate', () => {
  const intl = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

  it('writes a short date in India Standard Time, the next day from 18:30 UTC', () => {
    expect(formatShopDate('2026-09-05T18:29:59.999Z')).toBe('5 Sept 2026');
    expect(formatShopDate('2026-09-05T18:30:00.000Z')).toBe('6 Sept 2026');
    expect(formatShopDate('2026-12-31T20:00:00.000Z')).toBe('1 Jan 2027');
  });

  it('writes what Intl.DateTimeFormat en-IN writes, every day for six years and at every half hour of a day', () => {
    const start = Date.UTC(2024, 0, 1, 0, 17);
    const instants = Array.from({ length: 6 * 366 }, (_, day) => start + day * 86_400_000 + (day % 48) * 1_800_000);
    for (const instant of instants) {
      const iso = new Date(instant).toISOString();
      expect(formatShopDate(iso)).toBe(intl.format(new Date(instant)));
    }
  });
});
