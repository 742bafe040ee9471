export interface NavLinkItem {
  to: string;
  label: string;
}

export const POLICY_LINKS: NavLinkItem[] = [
  { to: '/shipping-policy', label: 'Shipping Policy' },
  { to: '/return-policy', label: 'Return Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

export const MAIN_NAV: Array<NavLinkItem & { children?: NavLinkItem[] }> = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/track-your-order', label: 'Track Your Order' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/about-us', label: 'About Us', children: POLICY_LINKS },
];

export const FOOTER_USEFUL_LINKS: NavLinkItem[] = [{ to: '/contact-us', label: 'Contact Us' }, ...POLICY_LINKS];

export const FOOTER_QUICK_LINKS: NavLinkItem[] = [
  { to: '/profile', label: 'My Account' },
  { to: '/shop', label: 'Shop' },
  { to: '/about-us', label: 'About Us' },
  { to: '/track-your-order', label: 'Track Your Order' },
];
