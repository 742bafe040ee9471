import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CartItem, PaymentMethod } from '../../core/cart';
import { DEFAULT_PAYMENT_METHOD } from '../../core/constants';
import { priceLines } from '../../core/pricing';
import type { User } from '../../core/user';
import { CHECKOUT_SUBMIT_ALERT } from '../../core/contracts/orders';
import { PAYMENT_MESSAGES } from '../../core/contracts/payments';
import { AddressFields } from '../components/form/AddressFields';
import { FormAlert } from '../components/form/FormAlert';
import { SubmitButton } from '../components/form/SubmitButton';
import { linkClass } from '../components/link-styles';
import { useForm } from '../lib/form';
import { toast } from '../lib/toast';
import { useShop } from '../lib/use-shop';
import { initialAddress, type AddressValues } from './address';
import { AgeConfirmation } from './AgeConfirmation';
import { checkoutFormSchema } from './checkout-schema';
import { OrderSummary } from './OrderSummary';
import { PaymentChoice } from './PaymentChoice';
import { placeOrder, type PlaceOrderInput } from './place-order';
import { SavedAddresses } from './SavedAddresses';
import { DELIVERY_MESSAGES } from '../../core/delivery';
import { useDeliveryEstimate } from '../components/form/delivery-estimate';
import { rememberedPin } from '../lib/remembered-pin';

export const VERIFY_EMAIL_MESSAGE = 'Please verify your e-mail address before placing an order.';

interface CheckoutFormProps {
  user: User;
  cart: { cartItems: CartItem[]; shippingAddress?: Record<string, string>; paymentMethod?: PaymentMethod };
  /** Keeps the address with the cart, so the next checkout starts from it. */
  onSaveAddress: (address: AddressValues) => Promise<void>;
  /** Keeps the payment choice with the cart. */
  onSavePaymentMethod: (method: PaymentMethod) => void;
  /** Re-reads the signed-in user (their e-mail may have been verified in another tab). */
  refreshUser: () => Promise<void>;
  /** A cash-on-delivery order is placed. */
  onPlaced: (orderId: string) => void;
  /**
   * Prepaid takes over once the form is valid: `placeOrder` places the order when called (the payment flow may
   * reuse an unpaid order of the same cart and address instead). Resolves when the payment window has closed.
   * Absent when the shop cannot take payments online: checkout then offers cash on delivery only, and says why.
   */
  onPayOnline?: (order: { shippingAddress: AddressValues; placeOrder: () => Promise<string> }) => Promise<void>;
}

/**
 * While the e-mail is unverified, the session is re-read whenever the shopper comes back to this tab: the link
 * from the mail usually opens in another one.
 */
function useRefreshUntilVerified(verified: boolean, refreshUser: () => Promise<void>) {
  useEffect(() => {
    if (verified) return;
    const refresh = () => void refreshUser().catch(() => undefined);
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [verified, refreshUser]);
}

/**
 * The address form (spec section 5: each field is checked as it changes, all of them on submit), the summary
 * with the payment choice, and Place Order. A picked saved address is checked at once, since account addresses
 * may lack what checkout needs (a last name).
 */
export function CheckoutForm({
  user,
  cart,
  onSaveAddress,
  onSavePaymentMethod,
  refreshUser,
  onPlaced,
  onPayOnline,
}: CheckoutFormProps) {
  const shop = useShop();
  const form = useForm(checkoutFormSchema, {
    initialValues: initialAddress(cart.shippingAddress, user),
    validateOn: 'change',
    failureMessage: PAYMENT_MESSAGES.checkoutFailed,
    onFailure: toast.error,
    onInvalid: () => {
      toast.error(CHECKOUT_SUBMIT_ALERT);
      return CHECKOUT_SUBMIT_ALERT;
    },
  });
  const prepaidAvailable = onPayOnline !== undefined;
  // Shown at once; the cart stores it as soon as its reducer has loaded.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(
    prepaidAvailable ? (cart.paymentMethod ?? DEFAULT_PAYMENT_METHOD) : 'cod',
  );
  useRefreshUntilVerified(user.emailVerified, refreshUser);
  // Whether the address's PIN is delivered to, and takes cash (issue 34); the server checks it again on placing.
  const delivery = useDeliveryEstimate(form.values.pincode.trim());
  const unserved = delivery !== null && !delivery.serviceable;
  const codUnavailable =
    delivery !== null && delivery.serviceable && !delivery.cod ? DELIVERY_MESSAGES.noCod : undefined;
  const choosePaymentMethod = (method: PaymentMethod) => {
    setPaymentMethod(method);
    onSavePaymentMethod(method);
  };
  // Cash on delivery chosen where it cannot be taken: prepaid in its place, when the shop takes payments online.
  useEffect(() => {
    if (codUnavailable && paymentMethod === 'cod' && prepaidAvailable) setPaymentMethod('prepaid');
  }, [codUnavailable, paymentMethod, prepaidAvailable]);

  const submit = form.handleSubmit(async ({ ageConfirmed, ...shippingAddress }) => {
    // Kept for the next checkout, beside the order, not before it: the order must not wait for the cart's code.
    const saveAddress = () => onSaveAddress(shippingAddress).catch(() => undefined);
    if (!user.emailVerified) {
      await saveAddress();
      // The notice above the form already says so; the toast answers the click.
      return toast.error(VERIFY_EMAIL_MESSAGE);
    }
    if (unserved) return toast.error(DELIVERY_MESSAGES.unserved);
    if (codUnavailable && paymentMethod === 'cod') return toast.error(codUnavailable);
    const order: PlaceOrderInput = { cartItems: cart.cartItems, shippingAddress, paymentMethod, ageConfirmed };
    if (onPayOnline && paymentMethod === 'prepaid') {
      await Promise.all([onPayOnline({ shippingAddress, placeOrder: () => placeOrder(order) }), saveAddress()]);
      return;
    }
    const [orderId] = await Promise.all([placeOrder(order), saveAddress()]);
    onPlaced(orderId);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <div className="space-y-8">
        {!user.emailVerified && <VerifyEmailNotice />}
        <FormAlert message={form.formError} />
        <SavedAddresses
          addresses={user.addresses}
          current={form.values}
          onPick={(address) => form.setValues({ ...address, ageConfirmed: form.values.ageConfirmed })}
        />
        <section aria-labelledby="checkout-address" className="space-y-4">
          <h2 id="checkout-address" className="text-lg font-semibold">
            Billing &amp; shipping details
          </h2>
          <p className="text-sm text-stone-600">Fields marked * are required. We deliver within India.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressFields
              field={form.field}
              lastNameRequired
              emailClassName="sm:col-span-2"
              suggestedPin={rememberedPin}
            />
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
          prepaidUnavailable={prepaidAvailable ? undefined : PAYMENT_MESSAGES.prepaidUnavailable}
          codUnavailable={codUnavailable}
          onChange={choosePaymentMethod}
        />
        <AgeConfirmation {...form.field('ageConfirmed')} />
        {unserved && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {DELIVERY_MESSAGES.unserved}
          </p>
        )}
        <SubmitButton busy={form.busy} busyLabel="Placing order..." disabled={unserved}>
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
