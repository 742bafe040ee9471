import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Beacon } from '../../core/contracts/analytics';
import { mayMeasure } from './consent';
import { LOAD_AFTER_MS, whenSettled } from './measure';
import { VisitMeter } from './visit-meter';

describe('mayMeasure', () => {
  it('counts no visit of a browser that asks not to be tracked', () => {
    expect(mayMeasure({ doNotTrack: '1' })).toBe(false);
    expect(mayMeasure({ globalPrivacyControl: true })).toBe(false);
    expect(mayMeasure({ doNotTrack: '1', globalPrivacyControl: false })).toBe(false);
  });

  it('counts the others', () => {
    expect(mayMeasure({})).toBe(true);
    expect(mayMeasure({ doNotTrack: null, globalPrivacyControl: false })).toBe(true);
    expect(mayMeasure({ doNotTrack: '0' })).toBe(true);
    expect(mayMeasure({ doNotTrack: 'unspecified' })).toBe(true);
  });
});

describe('VisitMeter', () => {
  const metered = () => {
    const sent: Beacon[] = [];
    return { sent, meter: new VisitMeter((beacon) => sent.push(beacon)) };
  };

  it("sends the page load's view once the page is hidden, with the vitals final by then, rounded", () => {
    const { sent, meter } = metered();
    meter.viewed('/product/brass-diya-lamp');
    meter.measured('TTFB', 182.4);
    meter.measured('LCP', 1710.6);
    meter.measured('FCP', 900); // not one of ours
    meter.measured('CLS', 0.012345);
    expect(sent).toEqual([]);

    meter.hidden();
    expect(sent).toEqual([
      { page: 'product', product: 'brass-diya-lamp', vitals: { TTFB: 182, LCP: 1711, CLS: 0.0123 } },
    ]);
    // Reported again once visible and hidden again: not sent twice.
    meter.measured('INP', 80);
    meter.hidden();
    expect(sent).toHaveLength(1);
  });

  it('sends each later view once, when the next starts or the page is hidden; the landing one waits for hidden', () => {
    const { sent, meter } = metered();
    meter.viewed('/');
    meter.viewed('/shop');
    meter.measured('LCP', 2000);
    meter.viewed('/cart');
    expect(sent).toEqual([{ page: 'shop' }]);

    meter.measured('INP', 240);
    meter.hidden();
    expect(sent).toEqual([{ page: 'shop' }, { page: 'home', vitals: { LCP: 2000, INP: 240 } }, { page: 'cart' }]);

    // Back on the tab, a new page is a new view; the one on screen when hidden was counted.
    meter.viewed('/checkout');
    meter.hidden();
    expect(sent.at(-1)).toEqual({ page: 'checkout' });
    expect(sent).toHaveLength(4);
  });

  it('sends a landing view without vitals when none was final', () => {
    const { sent, meter } = metered();
    meter.viewed('/return-policy');
    meter.hidden();
    expect(sent).toEqual([{ page: 'policy' }]);
  });

  it('counts nothing of the back office, nor its vitals', () => {
    const { sent, meter } = metered();
    meter.viewed('/admin/orders');
    meter.measured('LCP', 1200);
    meter.viewed('/admin/products');
    meter.hidden();
    expect(sent).toEqual([]);
  });
});

describe('whenSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A window that is visible, with idle callbacks run by the fake clock. */
  const fakeWindow = () => {
    const target = new EventTarget() as unknown as Window & { document: { visibilityState: string } };
    return Object.assign(target, {
      document: { visibilityState: 'visible' },
      setTimeout: (run: () => void, ms?: number) => setTimeout(run, ms),
      requestIdleCallback: (run: () => void) => setTimeout(run, 50),
    });
  };

  it('loads when idle after LOAD_AFTER_MS if the visitor does nothing, and once', () => {
    const target = fakeWindow();
    const load = vi.fn();
    whenSettled(target, load);
    vi.advanceTimersByTime(LOAD_AFTER_MS);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(load).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(LOAD_AFTER_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when idle after the first tap, and at once when the page is hidden', () => {
    const tapped = fakeWindow();
    const afterTap = vi.fn();
    whenSettled(tapped, afterTap);
    tapped.dispatchEvent(new Event('pointerdown'));
    expect(afterTap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(afterTap).toHaveBeenCalledTimes(1);

    const hidden = fakeWindow();
    const onHide = vi.fn();
    whenSettled(hidden, onHide);
    hidden.dispatchEvent(new Event('visibilitychange')); // still visible: nothing
    expect(onHide).not.toHaveBeenCalled();
    hidden.document.visibilityState = 'hidden';
    hidden.dispatchEvent(new Event('visibilitychange'));
    expect(onHide).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LOAD_AFTER_MS + 50);
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
