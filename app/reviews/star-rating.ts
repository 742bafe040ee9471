/** The star input's pure rules: what it shows while hovered and what each star is called. */
import { MAX_STARS } from '../../core/constants';

/** The stars, 1 to MAX_STARS. */
export const STAR_VALUES: readonly number[] = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

/** A form value as a rating: a whole number from 1 to MAX_STARS, else 0 (none chosen). */
export function ratingOf(value: string | number | null | undefined): number {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= MAX_STARS ? rating : 0;
}

/** The rating the stars show: the hovered star previews its rating; otherwise the chosen one (0 for none). */
export function shownRating(chosen: number, hovered: number | null): number {
  return hovered === null ? chosen : hovered;
}

/** Whether a star is lit when `shown` stars are shown. */
export const isLit = (star: number, shown: number) => star <= shown;

/** Each star's accessible name: '1 star', '2 stars', … */
export const starLabel = (star: number) => `${star} ${star === 1 ? 'star' : 'stars'}`;
