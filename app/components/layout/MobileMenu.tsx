import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AnimatePresence, LazyMotion, m } from 'motion/react';
import { MOBILE_MENU_TWEEN_SECONDS, MOBILE_MENU_WIDTH } from '../../../core/constants';
import { CloseIcon } from '../icons';
import { MAIN_NAV } from './nav';
import { AccountLinks, type AccountLinksProps } from './AccountLinks';

const loadFeatures = () => import('./motion-features').then((module) => module.default);
const tween = { type: 'tween', duration: MOBILE_MENU_TWEEN_SECONDS } as const;

interface MobileMenuProps extends Omit<AccountLinksProps, 'layout'> {
  open: boolean;
  onClose: () => void;
}

/** The small-screen slide-in menu: 80% wide, a 0.4 s tween, a dark overlay, and the page locked beneath. */
export function MobileMenu({ open, onClose, signedInAs, onLogout }: MobileMenuProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <LazyMotion features={loadFeatures} strict>
      <AnimatePresence>
        {open && (
          <>
            <m.div
              key="overlay"
              data-testid="menu-overlay"
              className="fixed inset-0 z-40 bg-black/60 lg:hidden"
              initial={{ opacity: 0 }}
              animate={{ opacity: 1 }}
              exit={{ opacity: 0 }}
              transition={tween}
              onClick={onClose}
            />
            <m.div
              key="menu"
              role="dialog"
              aria-modal="true"
              aria-label="Menu"
              className="fixed inset-y-0 left-0 z-50 flex flex-col overflow-y-auto bg-white shadow-xl lg:hidden"
              style={{ width: MOBILE_MENU_WIDTH }}
              initial={{ x: '-100%' }}
              animate={{ x: 0 }}
              exit={{ x: '-100%' }}
              transition={tween}
            >
              <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
                <Link to="/profile" className="font-semibold text-brand-800">
                  My Account
                </Link>
                <button
                  ref={closeButton}
                  type="button"
                  aria-label="Close menu"
                  className="rounded p-2"
                  onClick={onClose}
                >
                  <CloseIcon />
                </button>
              </div>
              <nav aria-label="Mobile">
                <ul className="divide-y divide-stone-100">
                  {MAIN_NAV.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} className="block px-4 py-3 font-medium">
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <AccountLinks layout="menu" signedInAs={signedInAs} onLogout={onLogout} />
            </m.div>
          </>
        )}
      </AnimatePresence>
    </LazyMotion>
  );
}
