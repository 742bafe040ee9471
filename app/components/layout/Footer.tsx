import type { ReactNode } from 'react';
import type { ShopSettings } from '../../../core/shop';
import { PaymentMethods } from '../PaymentMethods';
import { ChevronIcon, FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from '../icons';
import { FOOTER_QUICK_LINKS, FOOTER_USEFUL_LINKS, type NavLinkItem } from './nav';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The footer is plain HTML (rendered through ServerOnly, so it costs no JavaScript). On small screens each
 * column is a <details> of one named group, which the browser keeps to one open at a time.
 */
export function Footer({ shop }: { shop: ShopSettings }) {
  const columns: Array<{ title: string; body: ReactNode }> = [
    {
      title: 'Contact Us',
      body: (
        <ul className="space-y-3 text-sm">
          <li>
            <a href={telHref(shop.phone)} className="flex items-center gap-2 hover:underline">
              <PhoneIcon /> {shop.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${shop.email}`} className="flex items-center gap-2 hover:underline">
              <MailIcon /> {shop.email}
            </a>
          </li>
        </ul>
      ),
    },
    { title: 'Useful Links', body: <LinkList links={FOOTER_USEFUL_LINKS} /> },
    { title: 'Quick Links', body: <LinkList links={FOOTER_QUICK_LINKS} /> },
  ];
  const socialLinks = [
    { network: 'Facebook', href: shop.facebookUrl, Icon: FacebookIcon },
    { network: 'Instagram', href: shop.instagramUrl, Icon: InstagramIcon },
  ];

  return (
    <footer className="mt-16 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-2 px-4 py-10 md:grid-cols-3 md:gap-8">
        {columns.map((column) => (
          <section key={column.title} className="border-b border-stone-700 md:border-0">
            <div className="hidden md:block">
              <h2 className="pb-4 text-base font-semibold text-white">{column.title}</h2>
              {column.body}
            </div>
            <details name="footer-columns" className="group md:hidden" data-testid="footer-accordion">
              <summary className="flex cursor-pointer list-none items-center justify-between py-4 text-base font-semibold text-white [&::-webkit-details-marker]:hidden">
                <h2>{column.title}</h2>
                <ChevronIcon className="size-4 transition group-open:rotate-180" />
              </summary>
              <div className="pb-4">{column.body}</div>
            </details>
          </section>
        ))}
      </div>
      <div className="border-t border-stone-700">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 md:flex-row md:justify-between">
          <ul className="flex gap-3" aria-label="Social media">
            {socialLinks.map(({ network, href, Icon }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${shop.name} on ${network} (opens in a new tab)`}
                  className="block rounded-full bg-stone-800 p-2 hover:bg-brand-700"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
          <PaymentMethods />
          <p className="text-sm text-stone-300">© 2025 {shop.name}. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}

function LinkList({ links }: { links: NavLinkItem[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {links.map((link) => (
        <li key={link.to}>
          <a href={link.to} className="hover:underline">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
