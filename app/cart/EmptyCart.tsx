import { Link } from 'react-router';
import emptyCartImage from '../assets/empty-cart.svg';

/** The spec's empty cart: an image, 'Your cart is currently empty.', a hint and 'Return to Shop'. */
export function EmptyCart({ hint }: { hint: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img src={emptyCartImage} alt="" width={240} height={200} className="h-40 w-auto" />
      <h1 className="mt-6 text-2xl font-semibold">Your cart is currently empty.</h1>
      <p className="mt-2 text-stone-600">{hint}</p>
      <Link to="/shop" className="btn-primary mt-8">
        Return to Shop
      </Link>
    </section>
  );
}
