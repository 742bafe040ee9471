import { Link } from 'react-router';
import type { CartItem } from '../../core/cart';
import { priceLines } from '../../core/pricing';
import { useShop } from '../lib/use-shop';
import { OrderSummary } from './OrderSummary';

/** Checkout for a signed-out shopper: a request to sign in beside what the cart holds. */
export function GuestCheckout({ cartItems }: { cartItems: CartItem[] }) {
  const shop = useShop();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <SignInNotice />
      <aside aria-labelledby="checkout-summary" className="h-fit rounded-lg border border-stone-200 p-5 sm:p-6">
        <h2 id="checkout-summary" className="mb-2 text-lg font-semibold">
          Your order
        </h2>
        <OrderSummary items={cartItems} prices={priceLines(cartItems, shop)} />
      </aside>
    </div>
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
