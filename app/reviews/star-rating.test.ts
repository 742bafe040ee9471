import { describe, expect, it } from 'vitest';
import { STAR_VALUES, isLit, ratingOf, shownRating, starLabel } from './star-rating';

describe('the star input', () => {
  it('offers 1 to 5 stars, each with its own name', () => {
    expect(STAR_VALUES).toEqual([1, 2, 3, 4, 5]);
    expect(STAR_VALUES.map(starLabel)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
  });

  it('reads only whole ratings from 1 to 5 from the form, anything else as none', () => {
    expect(ratingOf('4')).toBe(4);
    expect(ratingOf(5)).toBe(5);
    for (const value of ['', '0', '6', '2.5', 'x', null, undefined]) expect(ratingOf(value)).toBe(0);
  });

  it('previews the hovered star and falls back to the chosen one', () => {
    expect(shownRating(2, 4)).toBe(4);
    expect(shownRating(4, 1)).toBe(1);
    expect(shownRating(3, null)).toBe(3);
    expect(shownRating(0, null)).toBe(0);
  });

  it('lights the stars up to the shown rating', () => {
    expect(STAR_VALUES.map((star) => isLit(star, 3))).toEqual([true, true, true, false, false]);
    expect(STAR_VALUES.some((star) => isLit(star, 0))).toBe(false);
  });
});
