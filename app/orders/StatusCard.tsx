import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortOrderId } from '../../core/order';

const TONES = {
  success: 'border-green-200 bg-green-50 text-green-900',
  pending: 'border-amber-200 bg-amber-50 text-amber-950',
  failure: 'border-red-200 bg-red-50 text-red-900',
  neutral: 'border-stone-200 bg-white text-ink',
} as const;

interface StatusCardProps {
  title: string;
  tone?: keyof typeof TONES;
  children?: ReactNode;
  /** Links shown beside Go to Home. */
  actions?: ReactNode;
}

/** The one card every payment-status outcome shows, with the page's <h1> and a Go to Home button (spec section 2). */
export function StatusCard({ title, tone = 'neutral', children, actions }: StatusCardProps) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className={`rounded-xl border p-6 text-center shadow-sm sm:p-8 ${TONES[tone]}`}>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children && <div className="mt-4 space-y-3 text-stone-700">{children}</div>}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className="btn-primary">
            Go to Home
          </Link>
          {actions}
        </div>
      </div>
    </section>
  );
}

/** The whole id, small, for the shopper's records beside the short one. */
export function FullOrderId({ orderId }: { orderId: string }) {
  return <span className="mt-1 block text-xs break-all text-stone-600">Full order ID: {orderId}</span>;
}

/** '#' with the last 6 characters (spec section 9), and the full id. */
export function OrderIdLine({ orderId }: { orderId: string }) {
  return (
    <p>
      Order ID: <strong className="font-semibold text-ink">{shortOrderId(orderId)}</strong>
      <FullOrderId orderId={orderId} />
    </p>
  );
}
