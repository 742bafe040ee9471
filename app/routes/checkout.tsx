import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/route';
import type { PaymentMethod } from '../../../core/cart';
import { priceLines } from '../../../core/pricing';
import { useSession } from '../../auth/session';
import { dispatchCart, useStoredCart } from '../../cart/cart-store';
import { EmptyCart } from '../../cart/EmptyCart';
import { Spinner } from '../../components/Spinner';
import { pageMeta } from '../../lib/meta';
import { useShop } from '../../lib/use-shop';
import { CheckoutForm } from './CheckoutForm';
import { OrderSummary } from './OrderSummary';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Checkout',
    description: 'Your shipping address, order summary and payment choice.',
    path: '/checkout',
  }),
  { name: 'robots', content: 'noindex' },
];

/** The status page for a placed order; cash on delivery needs no lookup there (spec section 4). */
const statusPath = (orderId: string, paymentMethod: PaymentMethod) =>
  `/payment/status?orderId=${encodeURIComponent(orderId)}${paymentMethod === 'cod' ? '&paymentMethod=cod' : ''}`;

/**
 * The cart and the session live in the browser: the server renders a spinner. Only a signed-in shopper gets
 * the form; placing the order also needs a verified e-mail (CheckoutForm).
 */
export default function CheckoutPage() {
  const cart = useStoredCart();
  const { status, user } = useSession();
  const shop = useShop();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState(false);

  if (!cart || status === 'loading') return <Spinner label="Loading checkout" />;
  // Clearing the cart after a COD order must not flash the empty state before the status page opens.
  if (placed) return <Spinner label="Opening your order" />;
  const cartItems = cart.cartItems ?? [];
  if (cartItems.length === 0) return <EmptyCart hint="Add some products to your cart before you check out." />;

  function onPlaced(orderId: string, paymentMethod: PaymentMethod) {
    setPlaced(true);
    // Prepaid keeps the cart until the payment is confirmed; the order waits for it meanwhile.
    if (paymentMethod === 'cod') void dispatchCart({ type: 'clear' }, shop);
    void navigate(statusPath(orderId, paymentMethod));
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="mb-6 text-2xl font-semibold md:mb-8 md:text-3xl">Checkout</h1>
      {user ? (
        <CheckoutForm user={user} cart={{ ...cart, cartItems }} onPlaced={onPlaced} />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
          <SignInNotice />
          <aside aria-labelledby="checkout-summary" className="h-fit rounded-lg border border-stone-200 p-5 sm:p-6">
            <h2 id="checkout-summary" className="mb-2 text-lg font-semibold">
              Your order
            </h2>
            <OrderSummary items={cartItems} prices={priceLines(cartItems, shop)} />
          </aside>
        </div>
      )}
    </section>
  );
}

function SignInNotice() {
  return (
    <div className="h-fit rounded-lg border border-stone-200 bg-stone-50 p-6">
      <h2 className="text-lg font-semibold">Please sign in to place your order.</h2>
      <p className="mt-2 text-stone-700">Your cart is kept: it will be waiting for you after you sign in.</p>
      <Link to="/signin?redirectTo=/checkout" className="btn-primary mt-5">
        Sign in
      </Link>
    </div>
  );
}
