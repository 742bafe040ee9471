import type { OrderStatus, StatusEvent } from '../../core/order';
import { formatStatusTime, timelineSteps, type TimelineStep } from './order-display';

interface Tone {
  marker: string;
  label: string;
  symbol: string;
}

const TONES: Record<TimelineStep['state'] | 'cancelled' | 'returned', Tone> = {
  done: { marker: 'bg-brand-700 text-white', label: 'font-medium', symbol: '✓' },
  current: {
    marker: 'bg-brand-700 text-white ring-4 ring-brand-100',
    label: 'font-semibold text-brand-800',
    symbol: '✓',
  },
  upcoming: { marker: 'border-2 border-stone-300 bg-white', label: 'text-stone-600', symbol: '' },
  cancelled: { marker: 'bg-red-700 text-white ring-4 ring-red-100', label: 'font-semibold text-red-700', symbol: '✕' },
  returned: {
    marker: 'bg-amber-700 text-white ring-4 ring-amber-100',
    label: 'font-semibold text-amber-800',
    symbol: '↩',
  },
};

const toneOf = (step: TimelineStep) =>
  step.status === 'cancelled' ? TONES.cancelled : step.status === 'returned' ? TONES.returned : TONES[step.state];

/** The order's progress as an ordered list of steps; the present step is announced as the current one. */
export function OrderTimeline(order: { orderStatus: OrderStatus; statusHistory: readonly StatusEvent[] }) {
  return (
    <ol className="space-y-4" data-testid="order-timeline">
      {timelineSteps(order).map((step, index, steps) => {
        const tone = toneOf(step);
        return (
          <li
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex gap-3"
          >
            {index < steps.length - 1 && (
              // The rail down to the next step, coloured once the order has gone past this one.
              <span
                aria-hidden="true"
                className={`absolute top-7 -bottom-4 left-[11px] w-0.5 ${step.state === 'done' ? 'bg-brand-700' : 'bg-stone-200'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${tone.marker}`}
            >
              {tone.symbol}
            </span>
            <div className="min-w-0 leading-6">
              <p className={tone.label}>{step.label}</p>
              <p className="text-sm text-stone-600">
                {step.at ? (
                  <time dateTime={step.at}>{formatStatusTime(step.at)}</time>
                ) : (
                  step.state === 'upcoming' && 'Not yet'
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
