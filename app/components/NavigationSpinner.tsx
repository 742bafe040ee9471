import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const SHOW_AFTER_MS = 150;

/** While the next page's data loads, a spinner shows over the page (after a moment, so fast loads never flash). */
export function NavigationSpinner() {
  const loading = useNavigation().state === 'loading';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-20 flex items-center justify-center bg-white/60" data-testid="navigation-spinner">
      <span role="status" className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700">
        <span className="sr-only">Loading page</span>
      </span>
    </div>
  );
}
