import { describe, expect, it } from 'vitest';
import { CourierError } from './courier.ts';
import { indiaDate, parseEtd, parseIndiaTime } from './india-dates.ts';
import { ManualCourier, SHIPROCKET_NOT_SET_UP } from './manual-courier.ts';

const query = { pickupPin: '110001', deliveryPin: '500001', cod: true, weightKg: 0.5 };

describe('ManualCourier', () => {
  it("serves every PIN with cash on delivery, due seven days after India's today", async () => {
    // 20:00 UTC on 31 December is already 1 January in India.
    const courier = new ManualCourier(() => new Date('2026-12-31T20:00:00Z'));
    expect(await courier.serviceability(query)).toEqual([
      { courierId: 0, name: expect.any(String), cod: true, etd: '2027-01-08' },
    ]);
    const before = new ManualCourier(() => new Date('2026-12-31T18:00:00Z'));
    expect((await before.serviceability(query))[0]!.etd).toBe('2027-01-07');
  });

  it('refuses to ship, saying Shiprocket is not set up', async () => {
    const courier = new ManualCourier();
    await expect(courier.assignAwb(1)).rejects.toEqual(new CourierError('refused', SHIPROCKET_NOT_SET_UP));
    await expect(courier.label([1])).rejects.toMatchObject({ kind: 'refused', message: /Shiprocket is not set up/ });
  });
});

describe("Shiprocket's dates", () => {
  it('reads etd in the forms Shiprocket writes, and nothing else', () => {
    expect(parseEtd('Dec 17, 2026')).toBe('2026-12-17');
    expect(parseEtd('Jul 01, 2024')).toBe('2024-07-01');
    expect(parseEtd('Sept 5, 2026')).toBe('2026-09-05');
    expect(parseEtd('2026-12-17 23:59:00')).toBe('2026-12-17');
    expect(parseEtd('Feb 30, 2026')).toBeNull();
    expect(parseEtd('soon')).toBeNull();
    expect(parseEtd(null)).toBeNull();
  });

  it("reads scan times as India's clock", () => {
    expect(parseIndiaTime('2026-12-04 11:43:52')?.toISOString()).toBe('2026-12-04T06:13:52.000Z');
    expect(parseIndiaTime('04 12 2026')).toBeNull();
    expect(indiaDate(new Date('2026-12-04T19:00:00Z'))).toBe('2026-12-05');
  });
});
