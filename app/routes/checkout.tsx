import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/checkout';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { cartEmptiedByServer, dispatchCart, useStoredCart } from '../cart/cart-store';
import { EmptyCart } from '../cart/EmptyCart';
import { Spinner } from '../components/Spinner';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';
import { useGatewaySettings, useShop } from '../lib/use-shop';
import { CheckoutForm } from '../orders/CheckoutForm';
import { GuestCheckout } from '../orders/GuestCheckout';
import { payOrderPath } from '../orders/order-display';
import { closePayPage, loadGateway } from '../payments/gateway';
import { PayForOrder } from '../payments/PayForOrder';
import { checkoutPrepaid, type PaymentOutcome } from '../payments/prepaid-checkout';
import { checkoutFingerprint, forgetUnpaidOrder } from '../payments/unpaid-order';
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
const statusPath = (orderId: string, cashOnDelivery = false) =>
  `/payment/status?orderId=${encodeURIComponent(orderId)}${cashOnDelivery ? '&paymentMethod=cod' : ''}`;

/**
 * The gateway's script loads with checkout (spec section 2), ahead of Place Order, and only here: it never ships
 * with other pages. A pay page still open when the shopper leaves is closed.
 */
function useGatewayScript(scriptUrl: string | null) {
  useEffect(() => {
    if (scriptUrl) loadGateway(scriptUrl).catch(() => undefined); // Place Order tries again and says so
    return closePayPage;
  }, [scriptUrl]);
}

/**
 * Checkout puts the cart, the session, the order and its payment together. Both live in the browser: the server
 * renders a spinner. Only a signed-in shopper gets the form; placing the order also needs a verified e-mail
 * (CheckoutForm). `?payOrder=` pays for an order placed earlier instead (the status page's Try again).
 */
export default function CheckoutPage() {
  const cart = useStoredCart();
  const { status, user } = useSession();
  const shop = useShop();
  const gateway = useGatewaySettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const payOrder = searchParams.get('payOrder');
  const [leaving, setLeaving] = useState(false);
  useGatewayScript(gateway?.scriptUrl ?? null);

  if (!cart || status === 'loading') return <Spinner label="Loading checkout" />;
  // Clearing the cart after a COD order must not flash the empty state before the status page opens.
  if (leaving) return <Spinner label="Opening your order" />;

  /** The pay page closed: a cancel keeps the shopper here with the cart; otherwise the status page asks how it went. */
  function onPaymentClosed({ orderId, result }: PaymentOutcome) {
    if (result === 'USER_CANCEL') return toast.error(PAYMENT_MESSAGES.cancelledByUser);
    setLeaving(true);
    void navigate(statusPath(orderId));
  }

  if (payOrder) {
    return (
      <CheckoutSection>
        {!user ? (
          <p className="text-center">
            <Link to={`/signin?redirectTo=${encodeURIComponent(payOrderPath(payOrder))}`} className="btn-primary">
              Sign in to pay for your order
            </Link>
          </p>
        ) : gateway ? (
          <PayForOrder orderId={payOrder} gateway={gateway} onClosed={onPaymentClosed} />
        ) : (
          <p role="alert" className="text-center">
            {PAYMENT_MESSAGES.prepaidUnavailable}
          </p>
        )}
      </CheckoutSection>
    );
  }

  const cartItems = cart.cartItems ?? [];
  if (cartItems.length === 0) return <EmptyCart hint="Add some products to your cart before you check out." />;

  function onPlaced(orderId: string) {
    setLeaving(true);
    // Cash on delivery is done: the server emptied the cart with the order; prepaid keeps it until paid.
    void cartEmptiedByServer(shop);
    forgetUnpaidOrder();
    void navigate(statusPath(orderId, true));
  }

  return (
    <CheckoutSection>
      {user ? (
        <CheckoutForm
          user={user}
          cart={{ ...cart, cartItems }}
          onSaveAddress={(address) => dispatchCart({ type: 'saveShippingAddress', address }, shop)}
          onSavePaymentMethod={(method) => void dispatchCart({ type: 'savePaymentMethod', method }, shop)}
          refreshUser={refreshUser}
          onPlaced={onPlaced}
          onPayOnline={
            gateway
              ? async ({ shippingAddress, placeOrder }) =>
                  onPaymentClosed(
                    await checkoutPrepaid({
                      placeOrder,
                      fingerprint: checkoutFingerprint(cartItems, shippingAddress),
                      gateway,
                    }),
                  )
              : undefined
          }
        />
      ) : (
        <GuestCheckout cartItems={cartItems} />
      )}
    </CheckoutSection>
  );
}

function CheckoutSection({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="mb-6 text-2xl font-semibold md:mb-8 md:text-3xl">Checkout</h1>
      {children}
    </section>
  );
}
