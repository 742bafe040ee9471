import { describe, expect, it } from 'vitest';
import { formatFigure } from './Dashboard';
import { readableJson } from './AuditLog';

describe("the back office's readings", () => {
  it('writes a figure by its unit', () => {
    expect(formatFigure({ value: 1234, unit: 'count' })).toBe('1,234');
    expect(formatFigure({ value: 129_900, unit: 'paise' })).toBe('₹1,299');
    expect(formatFigure({ value: 38_970, unit: 'paise' })).toBe('₹389.70');
    expect(formatFigure({ value: 2500, unit: 'ms' })).toBe('2.50 s');
    expect(formatFigure({ value: 180.4, unit: 'ms' })).toBe('180 ms');
    expect(formatFigure({ value: 0.104, unit: 'score' })).toBe('0.10');
  });

  it("shows an audit entry's values as indented JSON, and nothing as a dash", () => {
    expect(readableJson({ hidden: true })).toBe('{\n  "hidden": true\n}');
    expect(readableJson(null)).toBe('—');
    expect(readableJson(undefined)).toBe('—');
    expect(readableJson(0)).toBe('0');
  });
});
