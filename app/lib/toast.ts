// react-hot-toast loads with the first toast, keeping it out of every page's first load.
type HotToast = typeof import('react-hot-toast').default;

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
  dismiss: (id?: string) => void load().then((hot) => hot.dismiss(id)),
};
