import { describe, expect, it } from 'vitest';
import { trackingStatusOf } from '../../core/tracking.ts';
import { indiaTime, scanOfWebhook } from './scan-status.ts';

describe("Shiprocket's tracking webhook read into a scan", () => {
  it('reads both of its time forms as India time', () => {
    expect(indiaTime('23 05 2023 11:43:52')?.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(indiaTime('2023-05-19 11:59:16')?.toISOString()).toBe('2023-05-19T06:29:16.000Z');
    expect(indiaTime('31 02 2026 10:00:00')).toBeNull();
    expect(indiaTime('yesterday')).toBeNull();
  });

  it('takes shipment_status_id before current_status_id, else the scans’ date for the time', () => {
    const read = scanOfWebhook({
      awb: 19041424751540,
      current_status_id: 20,
      shipment_status_id: '18',
      scans: [
        { date: '2023-05-19 11:59:16', activity: 'Manifested', location: 'Chomu' },
        { date: '2023-05-20 09:00:00', activity: 'In transit', location: 'Jaipur Hub' },
      ],
    });
    expect(read).toEqual({
      awb: '19041424751540',
      scan: { statusId: 18, activity: 'In transit', location: 'Jaipur Hub', at: new Date('2023-05-20T03:30:00.000Z') },
    });
    expect(scanOfWebhook({ awb: 'X1', current_status_id: 7, current_timestamp: '23 05 2023 11:43:52' })?.scan).toEqual({
      statusId: 7,
      activity: '',
      location: null,
      at: new Date('2023-05-23T06:13:52.000Z'),
    });
  });

  it('ignores a body without an AWB, a status id or a time', () => {
    expect(scanOfWebhook({ current_status_id: 7, current_timestamp: '23 05 2023 11:43:52' })).toBeNull();
    expect(scanOfWebhook({ awb: 'X1', current_timestamp: '23 05 2023 11:43:52' })).toBeNull();
    expect(scanOfWebhook({ awb: 'X1', current_status_id: 7 })).toBeNull();
  });

  it('names the status ids of issue 34, any other `other`', () => {
    const named = [6, 42, 18, 38, 17, 7, 21, 9, 14, 40, 41, 46, 10, 12].map(trackingStatusOf);
    expect(named).toEqual([
      'shipped',
      'picked_up',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'undelivered',
      'rto_initiated',
      'rto_initiated',
      'rto_initiated',
      'rto_initiated',
      'rto_initiated',
      'rto_delivered',
      'lost',
    ]);
    expect(trackingStatusOf(99)).toBe('other');
  });
});
