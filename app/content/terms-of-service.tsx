import type { ShopInfo } from './types.ts';
import { CANCELLATION_WINDOW_HOURS, MINIMUM_ORDER_AGE } from '../../core/constants.ts';

export default function TermsOfServiceContent({ shop }: { shop: ShopInfo }) {
  const mailto = `mailto:${shop.email}`;

  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h2>About these terms</h2>
        <p>
          These terms apply when you use the {shop.name} website and buy from us. By placing an order, you agree to
          them. Please read them together with our <a href="/shipping-policy">shipping policy</a>,{' '}
          <a href="/return-policy">return policy</a> and <a href="/privacy-policy">privacy policy</a>.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Who can order</h2>
        <p>
          We sell and deliver within India only. You must be at least {MINIMUM_ORDER_AGE} years old to place an order.
          By ordering, you confirm that the details you give us, including your name, phone number and delivery address,
          are correct.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Products and prices</h2>
        <p>
          All prices are in Indian rupees (₹) and include GST. Any shipping fee is shown separately at checkout before
          you pay.
        </p>
        <p>
          Product images are illustrative. We do our best to show every piece accurately, but colours, finishes and
          sizes may look slightly different on your screen or vary a little from piece to piece.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Orders</h2>
        <h3>Order acceptance</h3>
        <p>
          Placing an order is an offer to buy. Your order is accepted when we confirm it. We may decline or cancel an
          order — for example if an item is out of stock, a price was shown in error, or we cannot deliver to the
          address given. If this happens after you have paid, we will refund you in full.
        </p>
        <h3>Cancellation</h3>
        <p>
          You can cancel an order within {CANCELLATION_WINDOW_HOURS} hours of placing it, as long as it has not yet been
          processed (packed). After that, the order can no longer be cancelled, but you may still be able to return it
          under our <a href="/return-policy">return policy</a>.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Payment</h2>
        <p>You can pay in one of two ways:</p>
        <ul className="space-y-2">
          <li>
            <strong>Prepaid by UPI</strong>, processed securely by our payment gateway;
          </li>
          <li>
            <strong>Cash on delivery</strong>, paid to the delivery agent when your order arrives.
          </li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>Shipping, returns and refunds</h2>
        <p>
          Delivery times and charges are described in our <a href="/shipping-policy">shipping policy</a>. Returns,
          replacements and damage in transit are covered by our <a href="/return-policy">return policy</a>.
        </p>
        <p>
          Approved refunds are processed usually within 5–7 business days and in any case within four weeks. Prepaid
          orders are refunded to the original payment method; cash on delivery orders are refunded to a bank account or
          UPI ID you give us.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Reviews</h2>
        <p>
          We welcome your reviews. Reviews must be honest and based on your own experience of the product. Please do not
          post anything offensive, misleading or unrelated. We may remove reviews that break these rules.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Governing law</h2>
        <p>These terms are governed by the laws of India.</p>
      </section>

      <section className="space-y-4">
        <h2>Contact us</h2>
        <p>
          If you have any questions about these terms, write to us at <a href={mailto}>{shop.email}</a> or call{' '}
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>.
        </p>
      </section>
    </div>
  );
}
