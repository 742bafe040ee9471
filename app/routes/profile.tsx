import type { Route } from './+types/profile';
import type { User } from '../../core/user';
import { dispatchCart } from '../cart/cart-store';
import { pageMeta } from '../lib/meta';
import { useShop } from '../lib/use-shop';
import { OrdersSection } from '../orders/OrdersSection';
import { AccountArea, type AccountSectionEntry } from '../session/account/AccountArea';
import { AccountDetailsSection } from '../session/account/AccountDetailsSection';
import { AddressesSection } from '../session/account/AddressesSection';
import { Dashboard } from '../session/account/Dashboard';
import { LogoutSection } from '../session/account/LogoutSection';
import { WishlistSection } from '../wishlist/WishlistSection';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({
    matches,
    title: 'My Account',
    description: 'Your orders, addresses and account details.',
    path: location.pathname,
  }),
  { name: 'robots', content: 'noindex' },
];

/** The wishlist's Add to Cart puts the product in the cart, priced with the shop's shipping rule. */
function WishlistWithCart({ user }: { user: User }) {
  const shop = useShop();
  return (
    <WishlistSection
      emailVerified={user.emailVerified}
      onAddToCart={(product) => dispatchCart({ type: 'add', item: product }, shop)}
    />
  );
}

/** The account area's sections, in the order of its navigation: each from the capability that owns it. */
const SECTIONS: AccountSectionEntry[] = [
  { key: '', label: 'Dashboard', render: (user) => <Dashboard user={user} /> },
  { key: 'orders', label: 'Orders', render: () => <OrdersSection /> },
  { key: 'wishlist', label: 'Wishlist', render: (user) => <WishlistWithCart user={user} /> },
  { key: 'addresses', label: 'Addresses', render: (user) => <AddressesSection user={user} /> },
  { key: 'account-details', label: 'Account details', render: (user) => <AccountDetailsSection user={user} /> },
  { key: 'logout', label: 'Log out', render: () => <LogoutSection /> },
];

export default function Profile({ params }: Route.ComponentProps) {
  const section = (params['*'] ?? '').replace(/\/+$/, '');
  return <AccountArea section={section} sections={SECTIONS} />;
}
