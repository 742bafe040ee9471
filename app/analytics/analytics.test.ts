import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Beacon } from '../../core/contracts/analytics';
import { mayMeasure, type PrivacySignals } from './consent';
import { LOAD_AFTER_MS } from './measure';
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

describe('measureVisit', () => {
  const measuring = vi.hoisted(() => ({ seen: [] as string[], later: [] as string[], starts: 0 }));
  vi.mock('./start', () => ({
    startMeasuring: (seen: string[]) => {
      measuring.starts += 1;
      measuring.seen.push(...seen);
      return (pathname: string) => measuring.later.push(pathname);
    },
  }));

  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules(); // a fresh page: nothing seen yet
    Object.assign(measuring, { seen: [], later: [], starts: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function visit(signals: PrivacySignals, paths: string[]) {
    vi.stubGlobal('navigator', signals);
    const { measureVisit } = await import('./measure');
    paths.forEach(measureVisit);
    return measureVisit;
  }

  it('loads the measuring code LOAD_AFTER_MS after the first page, with the pages seen meanwhile, in order', async () => {
    const measureVisit = await visit({}, ['/', '/shop']);
    vi.advanceTimersByTime(LOAD_AFTER_MS - 1);
    await vi.dynamicImportSettled();
    expect(measuring.starts).toBe(0);

    vi.advanceTimersByTime(1);
    await vi.dynamicImportSettled();
    expect(measuring).toEqual({ seen: ['/', '/shop'], later: [], starts: 1 });
    measureVisit('/cart');
    expect(measuring).toEqual({ seen: ['/', '/shop'], later: ['/cart'], starts: 1 });
  });

  it('loads nothing and sends nothing for a browser that asks not to be tracked', async () => {
    for (const signals of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      vi.resetModules();
      await visit(signals, ['/', '/product/brass-diya-lamp']);
      vi.advanceTimersByTime(LOAD_AFTER_MS * 10);
      await vi.dynamicImportSettled();
    }
    expect(measuring.starts).toBe(0);
  });
});
