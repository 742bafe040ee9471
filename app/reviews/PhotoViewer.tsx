/** A review photo shown larger, in a dialog; loaded on the first thumbnail click (the product page's JS budget). */
import { ModalDialog } from './ModalDialog';

export default function PhotoViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  return (
    <ModalDialog title={alt} onClose={onClose}>
      <img src={src} alt={alt} className="mx-auto max-h-[70dvh] w-auto rounded-lg object-contain" />
    </ModalDialog>
  );
}
