/** The orders list's address: its filters, the CSV link that carries them, and its pages by offset. */
import type { PaymentStatus } from '../../core/contracts/payments';

/** The list's filters as the address names them (the API's names), in the order the filter bar shows them. */
export const ORDER_FILTERS = ['q', 'status', 'paymentMethod', 'paymentState', 'region', 'from', 'to'] as const;

/** The filters of an address's search, empty ones left out (paging is not a filter). */
export function orderFiltersOf(search: URLSearchParams): URLSearchParams {
  const filters = new URLSearchParams();
  for (const name of ORDER_FILTERS) {
    const value = search.get(name);
    if (value) filters.set(name, value);
  }
  return filters;
}

/** The CSV export of every order the list's filters match. */
export function ordersCsvHref(search: URLSearchParams): string {
  const filters = orderFiltersOf(search);
  return `/api/admin/orders.csv${filters.size ? `?${filters}` : ''}`;
}

/** The search of the list's previous and next pages (null where there is none), keeping its filters. */
export function orderPageLinks(
  search: URLSearchParams,
  { total, limit, offset }: { total: number; limit: number; offset: number },
): { previous: string | null; next: string | null } {
  const at = (start: number) => {
    const params = orderFiltersOf(search);
    if (start > 0) params.set('offset', String(start));
    return params.size ? `?${params}` : '';
  };
  return {
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    next: offset + limit < total ? at(offset + limit) : null,
  };
}

const PAYMENT_TONES: Record<PaymentStatus, 'good' | 'warning' | 'bad' | 'neutral'> = {
  pending: 'neutral',
  paid: 'good',
  failed: 'bad',
  expired: 'neutral',
  review: 'warning',
  refund_pending: 'warning',
  refunded: 'neutral',
  refund_failed: 'bad',
};

/** A payment state's badge colour (its words go with it). */
export const paymentTone = (state: PaymentStatus) => PAYMENT_TONES[state];

/** 'refund_pending' → 'Refund pending'. */
export const stateWords = (state: string) => (state[0]!.toUpperCase() + state.slice(1)).replaceAll('_', ' ');

export const methodWords = (method: 'cod' | 'prepaid') => (method === 'cod' ? 'Cash on delivery' : 'Prepaid');
