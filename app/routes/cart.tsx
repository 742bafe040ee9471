import { Link } from 'react-router';
import type { Route } from './+types/route';
import { formatRupees } from '../../../core/money';
import { pageMeta } from '../../lib/meta';
import { useShop } from '../../lib/use-shop';
import { dispatchCart, useStoredCart } from '../../cart/cart-store';
import { Spinner } from '../../components/Spinner';
import { EmptyCart } from '../../cart/EmptyCart';
import { CartLine } from './CartLine';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    matches,
    title: 'Shopping Cart',
    description: 'The pieces in your cart, with shipping and total.',
    path: '/cart',
  }),
  { name: 'robots', content: 'noindex' },
];

/** The cart lives in the browser (spec section 3): the server renders a spinner, the browser the cart. */
export default function CartPage() {
  const cart = useStoredCart();
  const shop = useShop();
  if (!cart) return <Spinner label="Loading your cart" />;
  const items = cart.cartItems ?? [];

  if (items.length === 0) {
    return (
      <EmptyCart hint="Before you proceed to checkout, add some products to your cart. You will find a lot of interesting pieces in our shop." />
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-8 text-2xl font-semibold md:text-3xl">Shopping Cart</h1>
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-3">
                Product
              </th>
              <th scope="col" className="hidden py-3 md:table-cell">
                Price
              </th>
              <th scope="col" className="py-3">
                Quantity
              </th>
              <th scope="col" className="py-3 text-right">
                Subtotal
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <CartLine key={item._id} item={item} dispatch={(action) => dispatchCart(action, shop)} />
            ))}
          </tbody>
        </table>
        <aside aria-labelledby="cart-summary" className="h-fit rounded-lg border border-stone-200 p-6">
          <h2 id="cart-summary" className="text-lg font-semibold">
            Cart totals
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt>SubTotal</dt>
              <dd data-testid="cart-subtotal">{formatRupees(cart.itemsPrice ?? 0, { fixedDecimals: true })}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd data-testid="cart-shipping">
                {(cart.shippingPrice ?? 0) === 0
                  ? 'Free'
                  : formatRupees(cart.shippingPrice ?? 0, { fixedDecimals: true })}
              </dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatRupees(cart.totalPrice ?? 0, { fixedDecimals: true })}</dd>
            </div>
          </dl>
          <Link to="/checkout" className="btn-primary mt-6 w-full">
            Checkout
          </Link>
        </aside>
      </div>
    </section>
  );
}
