import type { Route } from './+types/cart';
import { dispatchCart, useStoredCart } from '../cart/cart-store';
import { CartView } from '../cart/CartView';
import { EmptyCart } from '../cart/EmptyCart';
import { Spinner } from '../components/Spinner';
import { pageMeta } from '../lib/meta';
import { useShop } from '../lib/use-shop';

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
  return <CartView cart={cart} items={items} dispatch={(action) => void dispatchCart(action, shop)} />;
}
