import { TRACKING_STATUS_LABELS, type TrackingEntry } from '../../core/order';
import { formatStatusTime } from './order-display';

/**
 * The courier's scans of the parcel (issue 34), newest first: what happened, the courier's words when they say
 * more, where and when, the time written as the status timeline writes it.
 */
export function CourierTracking({ tracking }: { tracking: readonly TrackingEntry[] }) {
  if (tracking.length === 0) return null;
  const newestFirst = [...tracking].reverse();
  return (
    <ol className="space-y-3" data-testid="courier-tracking">
      {newestFirst.map((entry, index) => {
        const status = TRACKING_STATUS_LABELS[entry.status];
        const words = entry.label && entry.label.toLowerCase() !== status.toLowerCase() ? entry.label : null;
        return (
          <li
            key={`${entry.at}-${entry.status}-${index}`}
            aria-current={index === 0 ? 'step' : undefined}
            className="border-l-2 border-stone-200 pl-3 text-sm leading-6 aria-[current=step]:border-brand-700"
          >
            <p className={index === 0 ? 'font-semibold text-brand-800' : 'font-medium'}>
              {status}
              {words && <span className="font-normal text-stone-700">: {words}</span>}
            </p>
            <p className="text-stone-600">
              {entry.location && <span data-testid="tracking-location">{entry.location}, </span>}
              <time dateTime={entry.at}>{formatStatusTime(entry.at)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
