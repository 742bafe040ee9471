import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_MAX_WIDTH_PX } from '../../core/constants';
import { onToastRequested } from '../lib/toast';

// react-hot-toast's defaults are the spec's toast kinds, durations and limit; only the width is set.
const Toaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster: HotToaster }) => ({
    default: () => <HotToaster position="top-center" toastOptions={{ style: { maxWidth: TOAST_MAX_WIDTH_PX } }} />,
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
