import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested, toasterOptions } from '../lib/toast';

const Toaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster: HotToaster }) => ({
    default: () => <HotToaster position="top-center" toastOptions={toasterOptions} />,
  })),
);

/** Mounts the toaster with the first toast; toasts raised before it mounts still show, from the shared store. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToastRequested(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
