// A parcel from an order's lines (issue 34): weights summed over the units, each side the largest of any unit.
import type { ParcelSize } from '../platform/shipping/face.ts';

/** One unit's size when its product has none: what the demo catalogue's products weigh and measure. */
export const DEFAULT_PARCEL: Readonly<ParcelSize> = Object.freeze({
  weightKg: 0.5,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 10,
});

/** The parcel of `items`, each with how many units and one unit's size; an empty list is the default parcel. */
export function parcelOf(items: readonly (ParcelSize & { units: number })[]): ParcelSize {
  if (!items.length) return { ...DEFAULT_PARCEL };
  const weight = items.reduce((sum, item) => sum + item.weightKg * item.units, 0);
  return {
    // Grams, so that 0.1 + 0.2 stays 0.3.
    weightKg: Math.round(weight * 1000) / 1000,
    lengthCm: Math.max(...items.map((item) => item.lengthCm)),
    breadthCm: Math.max(...items.map((item) => item.breadthCm)),
    heightCm: Math.max(...items.map((item) => item.heightCm)),
  };
}
