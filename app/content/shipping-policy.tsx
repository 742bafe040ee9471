import type { ShopInfo } from './types.ts';
import { DELIVERY_DAYS_ELSEWHERE, DELIVERY_DAYS_METRO, DISPATCH_WITHIN_HOURS } from '../../core/constants.ts';

export default function ShippingPolicyContent({ shop }: { shop: ShopInfo }) {
  const threshold = shop.freeShippingAboveRupees.toLocaleString('en-IN');
  const fee = shop.shippingFeeRupees.toLocaleString('en-IN');

  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h2>Where we ship</h2>
        <p>
          {shop.name} ships within India only. We deliver to addresses across the country, from metro cities to smaller
          towns, through trusted courier partners. At the moment we are not able to ship orders outside India.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Shipping charges</h2>
        {shop.freeShippingAboveRupees === 0 ? (
          <p>We offer free shipping on all orders. There is nothing extra to pay for delivery at checkout.</p>
        ) : (
          <p>
            Free shipping on orders above ₹{threshold}; a flat ₹{fee} shipping fee applies to smaller orders. The
            shipping fee, if any, is shown clearly at checkout before you place your order.
          </p>
        )}
        <p>All prices on our site are in Indian rupees (₹) and include GST.</p>
      </section>

      <section className="space-y-4">
        <h2>Dispatch and delivery times</h2>
        <p>
          We dispatch every order within {DISPATCH_WITHIN_HOURS} hours of it being placed. Once your order has left our
          hands, the usual delivery times are:
        </p>
        <ul className="space-y-2">
          <li>
            <strong>Metro cities:</strong> {DELIVERY_DAYS_METRO.min}–{DELIVERY_DAYS_METRO.max} days
          </li>
          <li>
            <strong>Rest of India:</strong> {DELIVERY_DAYS_ELSEWHERE.min}–{DELIVERY_DAYS_ELSEWHERE.max} days
          </li>
        </ul>
        <p>
          These times are estimates. Deliveries can occasionally take longer because of public holidays, bad weather,
          local restrictions or other events outside our control. If that happens, we will keep you informed.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Cash on delivery</h2>
        <p>
          Cash on delivery is available across India. Simply choose it at checkout and pay the delivery agent when your
          parcel arrives. Please keep the exact amount ready where possible. You can also pay in advance by UPI.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Tracking your order</h2>
        <p>
          You can follow your order at any time on our <a href="/track-your-order">Track your order</a> page. Once your
          order has been dispatched, you will see its latest status there.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Receiving your parcel</h2>
        <p>
          We pack every piece carefully, especially fragile decor and collectibles. When your parcel arrives, please
          check it for any visible damage. We recommend recording an unboxing video. If anything has been damaged in
          transit, e-mail us at <a href={`mailto:${shop.email}`}>{shop.email}</a> within 24 hours of delivery with
          photos or the unboxing video, and we will sort it out as described in our{' '}
          <a href="/return-policy">return policy</a>.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Questions</h2>
        <p>
          If you have any questions about shipping, write to us at <a href={`mailto:${shop.email}`}>{shop.email}</a> or
          call <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>. We are happy to help.
        </p>
      </section>
    </div>
  );
}
