import { MAX_STARS } from '../../core/constants';
import { Icon } from './icons';

function StarRow({ className, color }: { className: string; color: string }) {
  return (
    <span className="flex shrink-0" style={{ color }}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Icon key={index} name="star" className={className} />
      ))}
    </span>
  );
}

/** Read-only gold stars: a grey row under a gold row cut to the rating, so partial stars need no ids. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
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
