import { Link } from 'react-router';
import type { WishedProduct } from '../../core/wishlist';
import { formatRupees } from '../../core/money';
import { ResponsiveImage } from '../components/ResponsiveImage';

/** One wished-for product: image, title linking to it, price, stock, Add to Cart and Remove. */
export function WishlistRow({
  product,
  onAddToCart,
  onRemove,
}: {
  product: WishedProduct;
  onAddToCart: () => void;
  onRemove: () => void;
}) {
  const href = `/product/${product.slug ?? product._id}`;
  const stock = product.countInStock;
  return (
    <li className="flex flex-wrap items-center gap-4 border-b border-stone-100 py-4" data-testid="wishlist-item">
      {/* Decorative: the title beside it is the one link to the product. */}
      <ResponsiveImage
        src={product.image[0] ?? ''}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        maxWidth={320}
        className="size-16 shrink-0 rounded-md object-cover md:size-20"
      />
      <div className="min-w-0 flex-1">
        {/* A product the shop no longer sells has no page to link to. */}
        {product.unavailable ? (
          <span className="font-medium">{product.title}</span>
        ) : (
          <Link to={href} className="font-medium hover:text-brand-700">
            {product.title}
          </Link>
        )}
        <p className="text-stone-700">{formatRupees(product.price)}</p>
        {product.unavailable ? (
          <p className="text-sm font-semibold text-stone-700">No longer available</p>
        ) : (
          stock !== undefined && (
            <p className={`text-sm font-semibold ${stock > 0 ? 'text-green-800' : 'text-red-700'}`}>
              {stock > 0 ? 'In stock' : 'Out of stock'}
            </p>
          )
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-primary" disabled={!stock || product.unavailable} onClick={onAddToCart}>
          Add to Cart
        </button>
        <button type="button" className="btn-secondary" onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
