/** What tells that the page goes out of sight: hidden (another tab, the app switcher), or left. */
export const HIDING_EVENTS = ['visibilitychange', 'pagehide'] as const;

/** Whether `event` means the page is out of sight: some browsers leave a page without visibilitychange. */
export const hides = (event: Event): boolean => event.type === 'pagehide' || document.visibilityState === 'hidden';

/** Calls `listener` on each of them, before the page's own listeners (window's capture phase). */
export const onHiding = (listener: (event: Event) => void): void => {
  for (const type of HIDING_EVENTS) addEventListener(type, (event) => hides(event) && listener(event), true);
};
