import type { ShopInfo } from './types.ts';

export default function PrivacyPolicyContent({ shop }: { shop: ShopInfo }) {
  const mailto = `mailto:${shop.email}`;

  return (
    <div className="space-y-10">
      <p>Effective date: 15 May 2025</p>

      <section className="space-y-4">
        <h2>Our commitment</h2>
        <p>
          {shop.name} is committed to protecting your privacy. This policy explains what information we collect when you
          shop with us, how we use it and the choices you have. We use your information only as stated in this policy.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Information we collect</h2>
        <p>When you create an account or place an order, we collect:</p>
        <ul className="space-y-2">
          <li>your name;</li>
          <li>your e-mail address;</li>
          <li>your phone number;</li>
          <li>your delivery and billing addresses;</li>
          <li>your order history with us.</li>
        </ul>
        <p>
          Payments are processed by our payment gateway. Your card or UPI details are entered with the payment gateway
          and are not stored by {shop.name}.
        </p>
      </section>

      <section className="space-y-4">
        <h2>How we use your information</h2>
        <ul className="space-y-2">
          <li>to process your orders and payments;</li>
          <li>to deliver your orders and keep you updated on their status;</li>
          <li>to answer your questions and help with returns, replacements and refunds;</li>
          <li>to send you e-mails about your account, such as sign-in and password messages.</li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>Cookies and browser storage</h2>
        <p>We keep this to the minimum needed for the shop to work:</p>
        <ul className="space-y-2">
          <li>a sign-in cookie, which keeps you signed in to your account;</li>
          <li>your shopping cart, which is stored in your browser so that it is still there when you come back.</li>
        </ul>
        <p>
          You can clear cookies and site data in your browser settings at any time. If you do, you will be signed out
          and your cart will be emptied.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Who we share it with</h2>
        <p>We do not sell your information. We share it only with:</p>
        <ul className="space-y-2">
          <li>
            <strong>courier partners</strong>, who receive your name, phone number and delivery address so they can
            deliver your order;
          </li>
          <li>
            <strong>our payment gateway</strong>, which processes your payment securely.
          </li>
        </ul>
      </section>

      <section className="space-y-4">
        <h2>How long we keep it</h2>
        <p>
          We keep your account details for as long as your account is open. We keep order records for as long as we need
          them to handle deliveries, returns and refunds, and for as long as Indian law requires us to keep records for
          tax and accounting purposes. After that, we delete the information or make it anonymous.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Your rights</h2>
        <p>You have the right to:</p>
        <ul className="space-y-2">
          <li>
            <strong>access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>correct</strong> information that is wrong or out of date;
          </li>
          <li>
            <strong>delete</strong> your information, except where we must keep it by law.
          </li>
        </ul>
        <p>
          To use any of these rights, write to us at <a href={mailto}>{shop.email}</a>. We may ask you to confirm your
          identity before we act on your request.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Changes to this policy</h2>
        <p>
          We may change this policy from time to time. When we do, we will update this page and the effective date at
          the top. Please check back now and then to stay informed.
        </p>
      </section>

      <section className="space-y-4">
        <h2>Contact us</h2>
        <p>
          If you have any questions about this policy or how we handle your information, e-mail us at{' '}
          <a href={mailto}>{shop.email}</a> or call{' '}
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>.
        </p>
      </section>
    </div>
  );
}
