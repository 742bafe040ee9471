import { describe, expect, it } from 'vitest';
import { earliestEtd, parcelOf, weightStepGrams } from './parcel.ts';

const lamp = { weightKg: 1.2, lengthCm: 30, breadthCm: 10, heightCm: 10 };
const print = { weightKg: 0.35, lengthCm: 45, breadthCm: 5, heightCm: 5 };

describe('a parcel', () => {
  it('sums the weights over units and takes each largest side', () => {
    expect(
      parcelOf([
        { parcel: lamp, units: 2 },
        { parcel: print, units: 3 },
      ]),
    ).toEqual({ weightKg: 3.45, lengthCm: 45, breadthCm: 10, heightCm: 10 });
  });

  it('adds weights in grams, so 0.1 kg ten times is 1 kg exactly', () => {
    expect(parcelOf([{ parcel: { ...print, weightKg: 0.1 }, units: 10 }]).weightKg).toBe(1);
  });

  it('is the default 0.5 kg, 20 × 15 × 10 cm parcel when nothing is in it', () => {
    expect(parcelOf([])).toEqual({ weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 });
    expect(parcelOf([{ parcel: lamp, units: 0 }])).toEqual(parcelOf([]));
  });
});

describe('the weight a courier is asked about', () => {
  it.each([
    [0.001, 500],
    [0.5, 500],
    [0.501, 1000],
    [1, 1000],
    [3.45, 3500],
    [10.0001, 10_000],
  ])('%s kg is asked as %s g', (weightKg, grams) => {
    expect(weightStepGrams(weightKg)).toBe(grams);
  });
});

describe('the estimated delivery date', () => {
  it('is the earliest etd any courier gives, ignoring those that give none', () => {
    expect(earliestEtd([{ etd: '2026-12-19' }, { etd: null }, { etd: '2026-12-17' }, { etd: '2027-01-02' }])).toBe(
      '2026-12-17',
    );
  });

  it('is null when no courier gives one', () => {
    expect(earliestEtd([{ etd: null }])).toBeNull();
    expect(earliestEtd([])).toBeNull();
  });
});
