import { Link } from 'react-router';
import type { CartAction, CartItem, CartState } from '../../core/cart';
import { formatRupees } from '../../core/money';
import { CartLine } from './CartLine';

interface CartViewProps {
  cart: Partial<CartState>;
  items: CartItem[];
  dispatch: (action: CartAction) => void;
}

/** The cart's lines with their steppers, and its totals with the way to checkout. */
export function CartView({ cart, items, dispatch }: CartViewProps) {
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
              <CartLine key={item._id} item={item} dispatch={dispatch} />
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
