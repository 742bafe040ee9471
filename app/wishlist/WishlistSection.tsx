import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { WishedProduct } from '../../core/wishlist';
import { AccountSection } from '../components/AccountSection';
import { Spinner } from '../components/Spinner';
import { errorMessage } from '../lib/http';
import { toast } from '../lib/toast';
import { changeWishlist } from './wishlist-actions';
import { parseWishlist, subscribeToWishlist, wishlistText } from './wishlist-storage';
import { pullWishlist, setBackInStockMails } from './wishlist-sync';
import { WishlistRow } from './WishlistRow';

type Loading = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; backInStockMails: boolean };

/** Spec section 8's words when the list cannot be fetched (a network failure, say). */
const LOAD_FAILED = 'Sorry for Inconvenience';

/**
 * The account's wishlist (decision 0028): the server's list, as the browser keeps it, with price and stock now;
 * Add to Cart puts a product in the cart (the route knows the cart), Remove takes it off the list. Also the switch
 * for back-in-stock mails.
 */
export function WishlistSection({
  emailVerified,
  onAddToCart,
}: {
  emailVerified: boolean;
  onAddToCart: (product: WishedProduct & { countInStock: number }) => Promise<void>;
}) {
  const [loading, setLoading] = useState<Loading>({ status: 'loading' });
  const text = useSyncExternalStore(subscribeToWishlist, wishlistText, () => null);
  const products = useMemo(() => parseWishlist(text), [text]);

  useEffect(() => {
    let current = true;
    pullWishlist().then(
      ({ backInStockMails }) => current && setLoading({ status: 'ready', backInStockMails }),
      () => current && setLoading({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function addToCart(product: WishedProduct) {
    if (!product.countInStock) return;
    await onAddToCart({ ...product, countInStock: product.countInStock });
    toast.success(`${product.title} is in your cart`);
  }

  return (
    <AccountSection title="Wishlist">
      {loading.status === 'loading' && <Spinner label="Loading your wishlist" />}
      {loading.status === 'failed' && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {LOAD_FAILED}
        </p>
      )}
      {loading.status === 'ready' && products.length === 0 && (
        <>
          <p className="text-stone-700">Your wishlist is empty. Tap the heart on a product to keep it here.</p>
          <Link to="/shop" className="btn-primary">
            Browse the shop
          </Link>
        </>
      )}
      {loading.status === 'ready' && products.length > 0 && (
        <ul>
          {products.map((product) => (
            <WishlistRow
              key={product._id}
              product={product}
              onAddToCart={() => void addToCart(product)}
              onRemove={() => void changeWishlist({ type: 'remove', id: product._id })}
            />
          ))}
        </ul>
      )}
      {loading.status === 'ready' && (
        <BackInStockMails
          on={loading.backInStockMails}
          emailVerified={emailVerified}
          onChange={(backInStockMails) => setLoading({ status: 'ready', backInStockMails })}
        />
      )}
    </AccountSection>
  );
}

/** The switch for back-in-stock mails; they go only to a verified address. */
function BackInStockMails({
  on,
  emailVerified,
  onChange,
}: {
  on: boolean;
  emailVerified: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  async function change(wanted: boolean) {
    onChange(wanted);
    try {
      onChange((await setBackInStockMails(wanted)).backInStockMails);
    } catch (error) {
      onChange(!wanted);
      toast.error(errorMessage(error));
    }
  }
  return (
    <div className="flex items-start gap-3 pt-2">
      <input
        id={id}
        type="checkbox"
        checked={on}
        onChange={(event) => void change(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-stone-800">
        Mail me when a product on my wishlist is back in stock
        {!emailVerified && ' (once my e-mail address is verified)'}
      </label>
    </div>
  );
}
