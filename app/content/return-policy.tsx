import type { ShopInfo } from './types.ts';
import { RETURN_WINDOW_WORKING_DAYS } from '../../core/constants.ts';

export default function ReturnPolicyContent({ shop }: { shop: ShopInfo }) {
  const mailto = `mailto:${shop.email}`;

  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h2>Our promise</h2>
        <p>
          At {shop.name} we want you to love every piece you buy from us. If something is not right, we offer returns
          and replacements on the terms below. Please read them carefully — they are written to be fair to you and
          simple to follow.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Returns and replacements</h2>
        <p>
          You can ask for a return or a replacement within {RETURN_WINDOW_WORKING_DAYS} working days of delivery. To
          start a return, e-mail us at <a href={mailto}>{shop.email}</a> with your order number, the item you want to
          return and the reason.
        </p>
        <p>
          Items should be sent back unused, in their original condition and packaging, with any tags, boxes and
          accessories they came with. Once we have received and checked the item, your replacement or refund usually
          takes 5–7 business days.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Damaged in transit</h2>
        <p>
          We pack every order with care, but accidents can happen on the way. If your item arrives damaged, please
          report it within 24 hours of delivery by e-mailing <a href={mailto}>{shop.email}</a> with clear photos of the
          item and the packaging, or your unboxing video. Reports made after 24 hours may not be accepted, because we
          cannot tell when the damage happened.
        </p>
        <p>Once we have confirmed the damage, we will send you a replacement or give you a full refund.</p>
      </section>

      <section className="space-y-4">
        <h2>Cancelling an order</h2>
        <p>
          You can cancel an order within 24 hours of placing it, but only before it has been processed (packed). Once
          your order has been packed, it can no longer be cancelled; you can still ask for a return after delivery under
          this policy. To cancel, e-mail <a href={mailto}>{shop.email}</a> or call{' '}
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a> with your order number as soon as
          possible.
        </p>
      </section>

      <section className="space-y-4">
        <h2>How refunds are paid</h2>
        <ul className="space-y-2">
          <li>
            <strong>Prepaid orders:</strong> the refund goes back to the original payment method (UPI).
          </li>
          <li>
            <strong>Cash on delivery orders:</strong> the refund is paid to a bank account or UPI ID that you give us.
          </li>
        </ul>
        <p>
          Refunds are usually completed within 5–7 business days of the return being approved, and in any case within
          four weeks.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Items we cannot take back</h2>
        <p>Some items cannot be returned or replaced unless they arrived damaged or faulty:</p>
        <ul className="space-y-2">
          <li>Items damaged through misuse, careless handling or normal wear after delivery.</li>
          <li>
            Collectibles whose factory seal has been broken or whose sealed packaging has been opened, because they can
            no longer be sold as new and sealed.
          </li>
          <li>Items returned incomplete, or without their original packaging and accessories.</li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>Need help?</h2>
        <p>
          If you have any questions about returns, replacements or refunds, write to us at{' '}
          <a href={mailto}>{shop.email}</a>. We will reply as quickly as we can.
        </p>
      </section>
    </div>
  );
}
