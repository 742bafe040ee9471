import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASON_MESSAGE,
  REFUND_RETRY_REASON_MESSAGE,
  adminCancelSchema,
  adminOrderListQuerySchema,
  adminRefundRetrySchema,
  adminStatusChangeSchema,
} from './admin-orders.ts';
import { MAX, firstError } from './fields.ts';
import { SHIPMENT_MESSAGES, isHttpsUrl } from './orders.ts';

const tracking = { courier: 'Blue Dart', trackingNumber: 'BD1234', trackingUrl: 'https://bluedart.com/t/BD1234' };

describe('an admin status change', () => {
  it('needs the courier, tracking number and an https tracking link to ship', () => {
    expect(firstError(adminStatusChangeSchema.safeParse({ status: 'shipped' }))).toBe(SHIPMENT_MESSAGES.courier);
    expect(firstError(adminStatusChangeSchema.safeParse({ status: 'shipped', ...tracking, trackingNumber: ' ' }))).toBe(
      SHIPMENT_MESSAGES.trackingNumber,
    );
    expect(firstError(adminStatusChangeSchema.safeParse({ status: 'shipped', ...tracking, trackingUrl: '' }))).toBe(
      SHIPMENT_MESSAGES.trackingUrl,
    );
    for (const trackingUrl of ['http://bluedart.com/t/1', 'javascript:alert(1)', 'bluedart.com/t/1']) {
      expect(firstError(adminStatusChangeSchema.safeParse({ status: 'shipped', ...tracking, trackingUrl }))).toBe(
        SHIPMENT_MESSAGES.notHttps,
      );
    }
    expect(adminStatusChangeSchema.parse({ status: 'shipped', ...tracking })).toEqual({
      status: 'shipped',
      ...tracking,
    });
  });

  it('moves forward only to confirmed, packed, shipped or delivered, with tracking only when shipping', () => {
    expect(adminStatusChangeSchema.safeParse({ status: 'packed' }).success).toBe(true);
    expect(firstError(adminStatusChangeSchema.safeParse({ status: 'cancelled' }))).toMatch(/^status must be one of/);
    expect(firstError(adminStatusChangeSchema.safeParse({ status: 'packed', ...tracking }))).toBe(
      SHIPMENT_MESSAGES.onlyWhenShipped,
    );
  });

  it.each([
    ['cancels', adminCancelSchema, CANCEL_REASON_MESSAGE],
    ['retries a failed refund', adminRefundRetrySchema, REFUND_RETRY_REASON_MESSAGE],
  ])('%s only with a reason of one line', (_, schema, message) => {
    for (const body of [undefined, {}, { reason: '   ' }]) {
      expect(firstError(schema.safeParse(body))).toBe(message);
    }
    expect(schema.parse({ reason: ' Customer asked ' })).toEqual({ reason: 'Customer asked' });
    expect(schema.safeParse({ reason: 'x'.repeat(MAX.line) }).success).toBe(true);
    expect(schema.safeParse({ reason: 'x'.repeat(MAX.line + 1) }).success).toBe(false);
  });
});

describe('the admin order list query', () => {
  it('pages 25 at a time by default, at most 100, and treats empty filters as absent', () => {
    expect(adminOrderListQuerySchema.parse({ status: '', q: '' })).toEqual({ limit: 25, offset: 0 });
    expect(adminOrderListQuerySchema.parse({ limit: '100', offset: '200' })).toMatchObject({ limit: 100, offset: 200 });
    expect(firstError(adminOrderListQuerySchema.safeParse({ limit: '101' }))).toBe('limit must be at most 100');
    expect(firstError(adminOrderListQuerySchema.safeParse({ offset: 'x' }))).toBe('offset must be a number');
  });

  it('refuses unknown values, bad dates and a range that ends before it starts', () => {
    expect(firstError(adminOrderListQuerySchema.safeParse({ paymentMethod: 'card' }))).toBe(
      'paymentMethod must be cod or prepaid',
    );
    expect(firstError(adminOrderListQuerySchema.safeParse({ from: '27/11/2026' }))).toBe(
      'from must be a date such as 2026-11-27',
    );
    expect(firstError(adminOrderListQuerySchema.safeParse({ to: '2026-02-31x' }))).toBe(
      'to must be a date such as 2026-11-27',
    );
    expect(firstError(adminOrderListQuerySchema.safeParse({ from: '2026-11-27', to: '2026-11-01' }))).toBe(
      'The date range ends before it starts',
    );
  });
});

describe('isHttpsUrl', () => {
  it('takes only absolute https addresses without credentials', () => {
    expect(isHttpsUrl('https://track.example.in/x?id=1')).toBe(true);
    expect(isHttpsUrl('https://user:pass@track.example.in/')).toBe(false);
    expect(isHttpsUrl('ftp://track.example.in/')).toBe(false);
    expect(isHttpsUrl('not a url')).toBe(false);
  });
});
