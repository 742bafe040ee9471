// react-hot-toast loads with the first toast, keeping it out of every page's first load.
import { TOAST_DURATIONS_MS, TOAST_MAX_WIDTH_PX } from '../../core/constants';

type HotToast = typeof import('react-hot-toast').default;
type ToastKind = keyof typeof TOAST_DURATIONS_MS;

/** The toaster's options: the spec's width and each kind's duration (react-hot-toast's defaults, said here). */
export const toasterOptions = {
  style: { maxWidth: TOAST_MAX_WIDTH_PX },
  ...(Object.fromEntries(Object.entries(TOAST_DURATIONS_MS).map(([kind, duration]) => [kind, { duration }])) as Record<
    ToastKind,
    { duration: number }
  >),
};

const TOAST_REQUESTED = 'toast-requested';
let loading: Promise<HotToast> | null = null;

function load(): Promise<HotToast> {
  loading ??= import('react-hot-toast').then((module) => {
    window.dispatchEvent(new Event(TOAST_REQUESTED));
    return module.default;
  });
  return loading;
}

/** Calls ToastHost's callback once a toast has been asked for, so it mounts the toaster only then. */
export function onToastRequested(callback: () => void): () => void {
  if (loading) {
    void loading.then(callback);
    return () => {};
  }
  window.addEventListener(TOAST_REQUESTED, callback, { once: true });
  return () => window.removeEventListener(TOAST_REQUESTED, callback);
}

export const toast = {
  blank: (message: string) => void load().then((hot) => hot(message)),
  error: (message: string) => void load().then((hot) => hot.error(message)),
  success: (message: string) => void load().then((hot) => hot.success(message)),
  loading: (message: string) => load().then((hot) => hot.loading(message)),
  custom: (message: string) => void load().then((hot) => hot.custom(message)),
  dismiss: (id?: string) => void load().then((hot) => hot.dismiss(id)),
};
