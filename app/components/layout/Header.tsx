import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { ShopSettings } from '../../../core/shop';
import { BagIcon, ChevronIcon, MenuIcon, UserIcon } from '../icons';
import type { AccountLinksProps } from './AccountLinks';
import { Logo } from './Logo';
import { MAIN_NAV } from './nav';

// Signed-in extras ('Hi, name' and Logout) load only for signed-in shoppers.
const AccountLinks = lazy(() => import('./AccountLinks').then((module) => ({ default: module.AccountLinks })));

// The slide-in menu and its animation library load on first intent to open it, not with the page.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `py-2 text-sm font-medium hover:text-brand-700 ${isActive ? 'text-brand-700' : 'text-stone-800'}`;

interface HeaderProps extends Omit<AccountLinksProps, 'layout'> {
  shop: ShopSettings;
  /** Items in the cart, for the badge. */
  cartCount: number;
}

/**
 * The sticky header: menu button, logo, main navigation, account and cart. The root passes what it shows of the
 * session and the cart, so this shared layout depends on neither.
 */
export function Header({ shop, cartCount, signedInAs, onLogout }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Stays mounted after the first opening, so closing can animate out.
  const [menuUsed, setMenuUsed] = useState(false);
  const { pathname } = useLocation();
  const signedIn = signedInAs !== null;
  useEffect(() => {
    setMenuOpen(false); // following a link closes the menu
  }, [pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <button
          type="button"
          className="-ml-2 rounded p-2 lg:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onTouchStart={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon />
        </button>
        <Link to="/" aria-label={`${shop.name}, home`} className="shrink-0">
          <Logo name={shop.name} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-7">
            {MAIN_NAV.map((item) => (
              <li key={item.to} className="group relative">
                <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                  {item.label}
                  {item.children && <ChevronIcon className="ml-1 inline size-3" />}
                </NavLink>
                {item.children && (
                  <ul className="invisible absolute left-0 top-full z-40 w-52 rounded-md border border-stone-200 bg-white py-2 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                    {item.children.map((child) => (
                      <li key={child.to}>
                        <Link to={child.to} className="block px-4 py-2 text-sm hover:bg-brand-50">
                          {child.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          {signedIn && (
            <Suspense fallback={null}>
              <AccountLinks layout="header" signedInAs={signedInAs} onLogout={onLogout} />
            </Suspense>
          )}
          <AccountIcon signedIn={signedIn} />
          <CartLink count={cartCount} />
        </div>
      </div>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} signedInAs={signedInAs} onLogout={onLogout} />
        </Suspense>
      )}
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative rounded p-2 hover:text-brand-700"
      aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
    >
      <BagIcon />
      {count > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-semibold text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/** The first icon: the account area when signed in, the sign-in page otherwise. */
function AccountIcon({ signedIn }: { signedIn: boolean }) {
  return (
    <Link
      to={signedIn ? '/profile' : '/signin'}
      className="rounded p-2 hover:text-brand-700"
      aria-label={signedIn ? 'My Account' : 'Login'}
    >
      <UserIcon />
    </Link>
  );
}
