import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CourierTracking } from './CourierTracking';
import { timelineSteps } from './order-display';

describe('the courier scans of an order', () => {
  const tracking = [
    { status: 'picked_up', label: 'Picked up', location: 'Pune_Hub (Maharashtra)', at: '2026-12-02T02:58:00.000Z' },
    { status: 'out_for_delivery', label: 'Out for delivery', location: 'Pune', at: '2026-12-02T10:05:00.000Z' },
  ] as const;

  it('shows the newest first, with its place and its time as the status timeline writes it', () => {
    const html = renderToStaticMarkup(createElement(CourierTracking, { tracking }));
    expect(html.indexOf('Out for delivery')).toBeLessThan(html.indexOf('Picked up'));
    expect(html).toContain(
      'Pune_Hub (Maharashtra), </span><time dateTime="2026-12-02T02:58:00.000Z">2 Dec 2026, 8:28 am</time>',
    );
  });

  it('shows nothing before the first scan', () => {
    expect(renderToStaticMarkup(createElement(CourierTracking, { tracking: [] }))).toBe('');
  });
});

describe('the timeline of a returned order', () => {
  it('ends at Returned after the steps it reached', () => {
    const steps = timelineSteps({
      orderStatus: 'returned',
      statusHistory: ['placed', 'confirmed', 'packed', 'shipped', 'returned'].map((status) => ({
        status: status as 'placed',
        at: '2026-12-02T02:58:00.000Z',
      })),
    });
    expect(steps.map((step) => [step.status, step.state])).toEqual([
      ['placed', 'done'],
      ['confirmed', 'done'],
      ['packed', 'done'],
      ['shipped', 'done'],
      ['returned', 'current'],
    ]);
  });
});
