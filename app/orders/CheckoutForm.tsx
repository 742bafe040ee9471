import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CartItem, PaymentMethod } from '../../../core/cart';
import { DEFAULT_PAYMENT_METHOD } from '../../../core/constants';
import { priceLines } from '../../../core/pricing';
import type { User } from '../../../core/user';
import { CHECKOUT_SUBMIT_ALERT } from '../../../core/validation';
import { refreshUser } from '../../auth/actions';
import { dispatchCart } from '../../cart/cart-store';
import { toast } from '../../lib/toast';
import { useShop } from '../../lib/use-shop';
import { FormAlert, SubmitButton, errorMessage, linkClass } from '../auth/AuthCard';
import { initialAddress } from './address';
import { AddressFields } from '../../components/form/AddressFields';
import { OrderSummary } from './OrderSummary';
import { PaymentChoice } from './PaymentChoice';
import { placeOrder } from './place-order';
import { SavedAddresses } from './SavedAddresses';
import { useAddressForm } from './use-address-form';

export const VERIFY_EMAIL_MESSAGE = 'Please verify your e-mail address before placing an order.';
const CHECKOUT_ERROR = 'Something went wrong during checkout.';

interface CheckoutFormProps {
  user: User;
  cart: { cartItems: CartItem[]; shippingAddress?: Record<string, string>; paymentMethod?: PaymentMethod };
  onPlaced: (orderId: string, paymentMethod: PaymentMethod) => void;
}

/**
 * While the e-mail is unverified, the session is re-read whenever the shopper comes back to this tab: the link
 * from the mail usually opens in another one.
 */
function useRefreshUntilVerified(verified: boolean) {
  useEffect(() => {
    if (verified) return;
    const refresh = () => void refreshUser().catch(() => undefined);
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [verified]);
}

/** The address form, the summary with the payment choice, and Place Order. */
export function CheckoutForm({ user, cart, onPlaced }: CheckoutFormProps) {
  const shop = useShop();
  const { values, field, fill, validate } = useAddressForm(initialAddress(cart.shippingAddress, user));
  const [alert, setAlert] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  // A second submit before React re-renders the disabled button must not start a second request.
  const inFlight = useRef(false);
  // Shown at once; the cart stores it as soon as its reducer has loaded.
  const [paymentMethod, setPaymentMethod] = useState(cart.paymentMethod ?? DEFAULT_PAYMENT_METHOD);
  useRefreshUntilVerified(user.emailVerified);

  const fail = (message: string) => {
    setAlert(message);
    toast.error(message);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const shippingAddress = validate(event.currentTarget);
    if (!shippingAddress) return fail(CHECKOUT_SUBMIT_ALERT);
    setAlert(null);
    inFlight.current = true;
    setPlacing(true);
    try {
      await dispatchCart({ type: 'saveShippingAddress', address: shippingAddress }, shop);
      // The notice above the form already says so; the toast answers the click.
      if (!user.emailVerified) return toast.error(VERIFY_EMAIL_MESSAGE);
      const orderId = await placeOrder({ cartItems: cart.cartItems, shippingAddress, paymentMethod });
      onPlaced(orderId, paymentMethod);
    } catch (error) {
      fail(errorMessage(error, CHECKOUT_ERROR));
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <div className="space-y-8">
        {!user.emailVerified && <VerifyEmailNotice />}
        <FormAlert message={alert} />
        <SavedAddresses addresses={user.addresses} current={values} onPick={fill} />
        <section aria-labelledby="checkout-address" className="space-y-4">
          <h2 id="checkout-address" className="text-lg font-semibold">
            Billing &amp; shipping details
          </h2>
          <p className="text-sm text-stone-600">Fields marked * are required. We deliver within India.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressFields field={field} lastNameRequired emailClassName="sm:col-span-2" />
          </div>
        </section>
      </div>
      <aside
        aria-labelledby="checkout-summary"
        className="h-fit space-y-8 rounded-lg border border-stone-200 p-5 sm:p-6"
      >
        <section className="space-y-2">
          <h2 id="checkout-summary" className="text-lg font-semibold">
            Your order
          </h2>
          <OrderSummary items={cart.cartItems} prices={priceLines(cart.cartItems, shop)} />
        </section>
        <PaymentChoice
          value={paymentMethod}
          onChange={(method) => {
            setPaymentMethod(method);
            void dispatchCart({ type: 'savePaymentMethod', method }, shop);
          }}
        />
        <SubmitButton busy={placing} busyLabel="Placing order...">
          Place Order
        </SubmitButton>
      </aside>
    </form>
  );
}

function VerifyEmailNotice() {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{VERIFY_EMAIL_MESSAGE}</p>
      <p className="mt-1">
        We sent you a link when you signed up.{' '}
        <Link to="/verify-email" className={linkClass}>
          Verify your e-mail
        </Link>{' '}
        or ask for a new link, then come back to place your order.
      </p>
    </div>
  );
}
