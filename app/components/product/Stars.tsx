import { MAX_STARS } from '../../../core/constants';

const STAR_PATH = 'M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6L10 15l-5.4 3 1.2-6L1.3 7.8l6.1-.7z';
const ROW_PATHS = Array.from({ length: MAX_STARS }, (_, index) => (
  <path key={index} d={STAR_PATH} transform={`translate(${index * 20} 0)`} />
));

function StarRow({ className, color }: { className: string; color: string }) {
  return (
    <svg
      viewBox={`0 0 ${MAX_STARS * 20} 20`}
      className={`${className} block shrink-0`}
      fill={color}
      aria-hidden="true"
      focusable="false"
    >
      {ROW_PATHS}
    </svg>
  );
}

/** Read-only gold stars: a grey row under a gold row cut to the rating, so partial stars need no ids. */
export function Stars({ rating, className = 'h-4 w-20' }: { rating: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (rating / MAX_STARS) * 100));
  return (
    <span className="relative inline-flex" role="img" aria-label={`Rated ${rating} out of ${MAX_STARS}`}>
      <StarRow className={className} color="#d6d3d1" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <StarRow className={className} color="#d69e2e" />
      </span>
    </span>
  );
}
