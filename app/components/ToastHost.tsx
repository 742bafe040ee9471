import { Toaster } from 'react-hot-toast';
import { TOAST_MAX_WIDTH_PX } from '../../core/constants';

/** react-hot-toast's defaults are the spec's toast kinds, durations and limit; only the width is set. */
export function ToastHost() {
  return <Toaster position="top-center" toastOptions={{ style: { maxWidth: TOAST_MAX_WIDTH_PX } }} />;
}
