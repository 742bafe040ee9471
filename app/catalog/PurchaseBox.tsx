import { useState, type ReactNode } from 'react';
import type { Product } from '../../core/product';
import { DEFAULT_QUANTITY } from '../../core/constants';
import { QuantityStepper } from '../components/QuantityStepper';

/**
 * Quantity, Add to Cart and Buy Now: both hand the chosen quantity to `onAddToCart` (the page puts it in the cart).
 * `children` follow them in the row (the wishlist heart).
 */
export function PurchaseBox({
  product,
  onAddToCart,
  children,
}: {
  product: Product;
  onAddToCart: (quantity: number) => Promise<void>;
  children?: ReactNode;
}) {
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const inStock = product.countInStock > 0;
  const addToCart = () => void onAddToCart(quantity);

  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      <QuantityStepper
        quantity={quantity}
        label={`Quantity of ${product.title}`}
        canDecrease={quantity > 1}
        canIncrease={quantity < product.countInStock}
        onDecrease={() => setQuantity((value) => value - 1)}
        onIncrease={() => setQuantity((value) => value + 1)}
      />
      <button type="button" className="btn-secondary" disabled={!inStock} onClick={addToCart}>
        Add to Cart
      </button>
      <button type="button" className="btn-primary" disabled={!inStock} onClick={addToCart}>
        Buy Now
      </button>
      {children}
    </div>
  );
}
