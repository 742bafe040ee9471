// A parcel from the products in it (decision 0075): pure, so the rule is tested on its own.
import type { UnitParcel } from '../platform/catalog/face.ts';
import { DEFAULT_PRODUCT_PARCEL } from '../../core/constants.ts';
import type { Parcel } from './courier.ts';

/** Couriers price weight in slabs of half a kilo; asking at the slab's top makes one cached answer per slab. */
export const WEIGHT_STEP_GRAMS = 500;

/**
 * Units packed together: their weights summed, each side the largest of any unit's (items are nested or laid side
 * by side in a box that fits the biggest; couriers reweigh, so the volume need not be exact). Nothing: the default.
 */
export function parcelOf(items: readonly { parcel: UnitParcel; units: number }[]): Parcel {
  const packed = items.filter(({ units }) => units > 0);
  if (packed.length === 0) return { ...DEFAULT_PRODUCT_PARCEL };
  const grams = packed.reduce((sum, { parcel, units }) => sum + Math.round(parcel.weightKg * 1000) * units, 0);
  const largest = (side: 'lengthCm' | 'breadthCm' | 'heightCm') =>
    Math.max(...packed.map(({ parcel }) => parcel[side]));
  return {
    weightKg: grams / 1000,
    lengthCm: largest('lengthCm'),
    breadthCm: largest('breadthCm'),
    heightCm: largest('heightCm'),
  };
}

/** The weight a courier is asked about: rounded up to the next 0.5 kg step, in grams, at least one step. */
export function weightStepGrams(weightKg: number): number {
  const grams = Math.round(weightKg * 1000);
  return Math.max(WEIGHT_STEP_GRAMS, Math.ceil(grams / WEIGHT_STEP_GRAMS) * WEIGHT_STEP_GRAMS);
}

/** The earliest of the couriers' dates (`YYYY-MM-DD` sorts as it reads), or null when none gives one. */
export function earliestEtd(options: readonly { etd: string | null }[]): string | null {
  const dates = options.flatMap(({ etd }) => (etd ? [etd] : [])).sort();
  return dates[0] ?? null;
}
