import { useId, useState, type ChangeEvent } from 'react';
import { MAX_STARS } from '../../core/constants';
import { Icon } from '../components/icons';
import { STAR_VALUES, isLit, ratingOf, shownRating, starLabel } from './star-rating';

interface StarRatingProps {
  /** The chosen rating as the form holds it: '1' to '5', or '' for none. */
  value: string;
  /** In read-only mode, the stars only show `value`, named 'Rated n out of 5'. */
  readOnly?: boolean;
  name?: string;
  label?: string;
  error?: string | null;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The star rating (spec section 5): 1 to 5, a hovered star previews its rating, and it is a native radio group, so
 * Tab reaches it and the arrow keys move the choice; each star is named '1 star' … '5 stars'. Read-only, it shows
 * the rating as gold stars.
 */
export function StarRating({
  value,
  readOnly = false,
  name = 'rating',
  label = 'Rating',
  error,
  onChange,
}: StarRatingProps) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const chosen = ratingOf(value);
  const shown = shownRating(chosen, hovered);
  const star = (lit: boolean) => <Icon name="star" className={`size-7 ${lit ? 'text-[#d69e2e]' : 'text-stone-300'}`} />;
  if (readOnly) {
    return (
      <span className="inline-flex" role="img" aria-label={`Rated ${chosen} out of ${MAX_STARS}`}>
        {STAR_VALUES.map((stars) => (
          <span key={stars}>{star(isLit(stars, chosen))}</span>
        ))}
      </span>
    );
  }
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="block text-sm font-medium text-stone-800">{label}</legend>
      <div className="mt-1 flex items-center gap-1" onMouseLeave={() => setHovered(null)}>
        {STAR_VALUES.map((stars) => (
          <span key={stars} className="relative">
            <input
              id={`${id}-${stars}`}
              type="radio"
              name={name}
              value={stars}
              checked={chosen === stars}
              onChange={onChange}
              aria-label={starLabel(stars)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-${stars}`}
              onMouseEnter={() => setHovered(stars)}
              className="block cursor-pointer rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700"
            >
              {star(isLit(stars, shown))}
            </label>
          </span>
        ))}
        <span className="ml-2 text-sm text-stone-600" aria-hidden="true">
          {shown ? `${shown} / ${MAX_STARS}` : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
