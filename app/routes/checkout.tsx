import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/checkout';
import type { PaymentMethod } from '../../core/cart';
import { dispatchCart, useStoredCart } from '../cart/cart-store';
import { EmptyCart } from '../cart/EmptyCart';
import { Spinner } from '../components/Spinner';
import { pageMeta } from '../lib/meta';
import { useShop } from '../lib/use-shop';
import { CheckoutForm } from '../orders/CheckoutForm';
import { GuestCheckout } from '../orders/GuestCheckout';
import { refreshUser } from '../session/actions';
import { useSession } from '../session/session-store';

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
 * Checkout puts the cart, the session and the order together. Both live in the browser: the server renders a
 * spinner. Only a signed-in shopper gets the form; placing the order also needs a verified e-mail (CheckoutForm).
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
        <CheckoutForm
          user={user}
          cart={{ ...cart, cartItems }}
          onSaveAddress={(address) => dispatchCart({ type: 'saveShippingAddress', address }, shop)}
          onSavePaymentMethod={(method) => void dispatchCart({ type: 'savePaymentMethod', method }, shop)}
          refreshUser={refreshUser}
          onPlaced={onPlaced}
        />
      ) : (
        <GuestCheckout cartItems={cartItems} />
      )}
    </section>
  );
}
