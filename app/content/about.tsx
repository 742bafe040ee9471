import type { ShopInfo } from './types.ts';

export default function AboutContent({ shop }: { shop: ShopInfo }) {
  const freeShippingText =
    shop.freeShippingAboveRupees === 0
      ? 'Free shipping on all orders, anywhere in India.'
      : `Free shipping on orders above ₹${shop.freeShippingAboveRupees.toLocaleString('en-IN')}, anywhere in India.`;

  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h2>Welcome to {shop.name}</h2>
        <p>
          {shop.name} is an online shop for curated home decor and collectible toys. We bring you stylish, modern and
          elegant pieces to beautify your space and reflect your unique taste — from wall art that gives a bare wall its
          character, to lighting that sets the mood of a room, to the small accents and collectibles that make a home
          feel like yours.
        </p>
        <p>
          We started {shop.name} because we believe a beautiful home should not be hard to put together. Every piece in
          our shop is chosen by hand: we look at how it is made, how it will look in a real Indian home, and whether it
          is good value for the price you pay.
        </p>
      </section>

      <section className="space-y-4">
        <h2>What we offer</h2>
        <ul className="space-y-2">
          <li>
            <strong>Wall art</strong> — prints, frames and wall pieces in styles from minimal and modern to bold and
            colourful.
          </li>
          <li>
            <strong>Lighting</strong> — lamps and lights that are as pleasing to look at switched off as they are
            switched on.
          </li>
          <li>
            <strong>Accents</strong> — vases, showpieces and other finishing touches for shelves, tables and corners.
          </li>
          <li>
            <strong>Collectible toys</strong> — figures and collectibles for fans and collectors, carefully packed so
            they reach you in perfect condition.
          </li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>Why shop with us</h2>
        <ul className="space-y-2">
          <li>
            <strong>Curated collection</strong> — we would rather offer fewer pieces we love than a huge catalogue of
            things we would not put in our own homes.
          </li>
          <li>
            <strong>{freeShippingText}</strong> Orders are dispatched within 24 hours.
          </li>
          <li>
            <strong>Cash on delivery across India</strong> — pay when your order arrives at your door, or pay in advance
            by UPI if you prefer.
          </li>
          <li>
            <strong>100% satisfaction guarantee</strong> — if something is not right, tell us and we will make it right
            with a replacement or a refund, as set out in our <a href="/return-policy">return policy</a>.
          </li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>Get in touch</h2>
        <p>
          Have a question about a product, an order or a gift idea? We are happy to help. Write to us at{' '}
          <a href={`mailto:${shop.email}`}>{shop.email}</a> or call us on{' '}
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>, and a real person from our team will
          get back to you.
        </p>
        <p>Thank you for choosing us!</p>
      </section>
    </div>
  );
}
