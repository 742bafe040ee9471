import type { ShopSettings } from '../../../core/shop';
import { PROMO_DISCOUNT_PERCENT } from '../../../core/constants';
import { freeShippingMessage } from '../../../core/shipping';

export function bannerMessages(shop: ShopSettings): string[] {
  return [
    'Cash on delivery available across India',
    `Limited-time sale: flat ${PROMO_DISCOUNT_PERCENT}% off on Cosmo Crew collectible toys`,
    freeShippingMessage(shop),
  ];
}

/** The continuously scrolling banner; the list is rendered twice so the loop has no seam. */
export function AnnouncementBar({ shop }: { shop: ShopSettings }) {
  const messages = bannerMessages(shop);
  const row = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {messages.map((message) => (
        <li key={message} className="px-8 before:mr-8 before:content-['✦']">
          {message}
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-label="Announcements" className="overflow-hidden bg-brand-800 py-2 text-sm text-white">
      <div className="flex w-max animate-marquee whitespace-nowrap hover:[animation-play-state:paused]">
        {row(false)}
        {row(true)}
      </div>
    </section>
  );
}
