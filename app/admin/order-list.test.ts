import { describe, expect, it } from 'vitest';
import { nextAdminStatus, canBeCancelled } from './OrderActions';
import { orderFiltersOf, orderPageLinks, ordersCsvHref, stateWords } from './order-list';

const search = (text: string) => new URLSearchParams(text);

describe("the back office's orders list", () => {
  it('keeps the filters it knows, given, and leaves paging and strangers out', () => {
    expect(orderFiltersOf(search('status=packed&q=&region=Kerala&offset=25&colour=red')).toString()).toBe(
      'status=packed&region=Kerala',
    );
  });

  it('links the CSV with the same filters, and plain without any', () => {
    expect(ordersCsvHref(search('paymentMethod=cod&from=2026-11-01&to=2026-11-27&offset=50&limit=25'))).toBe(
      '/api/admin/orders.csv?paymentMethod=cod&from=2026-11-01&to=2026-11-27',
    );
    expect(ordersCsvHref(search('offset=25&status='))).toBe('/api/admin/orders.csv');
  });

  it('pages by offset, keeping the filters, with no link past either end', () => {
    const filtered = search('status=placed&offset=25');
    expect(orderPageLinks(filtered, { total: 60, limit: 25, offset: 25 })).toEqual({
      previous: '?status=placed',
      next: '?status=placed&offset=50',
    });
    expect(orderPageLinks(search(''), { total: 60, limit: 25, offset: 50 })).toEqual({
      previous: '?offset=25',
      next: null,
    });
    expect(orderPageLinks(search(''), { total: 25, limit: 25, offset: 0 })).toEqual({ previous: null, next: null });
    expect(orderPageLinks(search(''), { total: 30, limit: 25, offset: 10 }).previous).toBe('');
  });

  it("offers the lifecycle's next step an admin may take, and cancelling only before packing", () => {
    expect(nextAdminStatus('placed')).toBe('confirmed');
    expect(nextAdminStatus('confirmed')).toBe('packed');
    expect(nextAdminStatus('packed')).toBe('shipped');
    expect(nextAdminStatus('shipped')).toBe('delivered');
    expect(nextAdminStatus('delivered')).toBeNull();
    expect(nextAdminStatus('cancelled')).toBeNull();
    expect(['placed', 'confirmed'].every((status) => canBeCancelled(status as 'placed'))).toBe(true);
    expect(canBeCancelled('packed')).toBe(false);
    expect(stateWords('refund_pending')).toBe('Refund pending');
  });
});
