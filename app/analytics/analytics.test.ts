import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vitals } from '../../core/analytics';
import { mayMeasure, type PrivacySignals } from './consent';
import { LOAD_AFTER_MS } from './measure';

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

describe('measureVisit', () => {
  const measuring = vi.hoisted(() => ({
    starts: 0,
    /** What the measuring code was handed to send the load's vitals with. */
    sendVitals: undefined as ((vitals: Vitals) => void) | undefined,
    /** What the browser's buffers hold when the page hides before it loads. */
    buffered: {} as Vitals,
  }));
  vi.mock('./start', () => ({
    startMeasuring: (sendVitals: (vitals: Vitals) => void) => {
      measuring.starts += 1;
      measuring.sendVitals = sendVitals;
    },
  }));
  vi.mock('./early-vitals', () => ({ watchBufferedVitals: () => () => measuring.buffered }));

  let sent: unknown[];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules(); // a fresh page: nothing seen yet
    Object.assign(measuring, { starts: 0, sendVitals: undefined, buffered: {} });
    sent = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A page load that sees `paths`, in a browser with these privacy signals; sendBeacon records what it sends. */
  async function visit(paths: string[], signals: PrivacySignals = {}) {
    const listeners: Array<[string, (event: Event) => void]> = [];
    vi.stubGlobal('navigator', {
      ...signals,
      sendBeacon: (_url: string, body: string) => sent.push(JSON.parse(body)) > 0,
    });
    vi.stubGlobal('addEventListener', (type: string, listener: (event: Event) => void) =>
      listeners.push([type, listener]),
    );
    const { measureVisit } = await import('./measure');
    paths.forEach(measureVisit);
    const fire = (type: string) =>
      listeners.filter(([name]) => name === type).forEach(([, on]) => on({ type } as Event));
    return {
      measureVisit,
      /** The page goes out of sight, or is left. */
      hide: (type: 'visibilitychange' | 'pagehide' = 'visibilitychange') => {
        vi.stubGlobal('document', { visibilityState: 'hidden' });
        fire(type);
      },
      show: () => {
        vi.stubGlobal('document', { visibilityState: 'visible' });
        fire('visibilitychange');
      },
    };
  }

  it("counts each view at once, once, whether the page's effect runs again for it or not", async () => {
    const { measureVisit } = await visit(['/product/brass-diya-lamp', '/product/brass-diya-lamp']);
    expect(sent).toEqual([{ page: 'product', product: 'brass-diya-lamp' }]);
    measureVisit('/shop');
    measureVisit('/shop');
    measureVisit('/admin/orders');
    measureVisit('/cart');
    expect(sent).toEqual([{ page: 'product', product: 'brass-diya-lamp' }, { page: 'shop' }, { page: 'cart' }]);
  });

  it("sends what the browser buffered of the load's vitals when hidden before the measuring code loads, once", async () => {
    measuring.buffered = { LCP: 1710.6, TTFB: 182.4, CLS: 0.012345 };
    const { hide, show } = await visit(['/product/brass-diya-lamp']);
    vi.advanceTimersByTime(2000);
    hide('pagehide');
    expect(sent.slice(1)).toEqual([{ page: 'product', vitals: { LCP: 1711, TTFB: 182, CLS: 0.0123 }, view: false }]);
    // Back, then hidden again: the load's vitals went already, and nothing more is loaded to measure them.
    show();
    hide();
    vi.advanceTimersByTime(LOAD_AFTER_MS);
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(2);
    expect(measuring.starts).toBe(0);
  });

  it('hands the vitals to the measuring code LOAD_AFTER_MS after the first page; they still go once', async () => {
    const { hide } = await visit(['/', '/shop']);
    vi.advanceTimersByTime(LOAD_AFTER_MS - 1);
    await vi.dynamicImportSettled();
    expect(measuring.starts).toBe(0);
    vi.advanceTimersByTime(1);
    await vi.dynamicImportSettled();
    expect(measuring.starts).toBe(1);

    measuring.buffered = { LCP: 1 };
    hide(); // the measuring code's to send now, not the buffers'
    expect(sent).toEqual([{ page: 'home' }, { page: 'shop' }]);
    measuring.sendVitals!({ LCP: 2000, INP: 240.2 });
    measuring.sendVitals!({ LCP: 2100 });
    expect(sent).toEqual([
      { page: 'home' },
      { page: 'shop' },
      { page: 'home', vitals: { LCP: 2000, INP: 240 }, view: false },
    ]);
  });

  it('sends no vitals beacon without vitals, and none of the back office', async () => {
    const { hide } = await visit(['/admin/orders', '/shop']);
    measuring.buffered = { LCP: 1200 };
    hide();
    expect(sent).toEqual([{ page: 'shop' }]);
    vi.resetModules();
    sent = [];
    measuring.buffered = {};
    await visit(['/return-policy']).then(({ hide: hideAgain }) => hideAgain());
    expect(sent).toEqual([{ page: 'policy' }]);
  });

  it('loads nothing and sends nothing for a browser that asks not to be tracked', async () => {
    for (const signals of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      vi.resetModules();
      const { hide } = await visit(['/', '/product/brass-diya-lamp'], signals);
      hide();
      vi.advanceTimersByTime(LOAD_AFTER_MS * 10);
      await vi.dynamicImportSettled();
    }
    expect(sent).toEqual([]);
    expect(measuring.starts).toBe(0);
  });
});
