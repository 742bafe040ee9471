import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '../../../core/product';
import { DEFAULT_QUANTITY } from '../../../core/constants';
import { dispatchCart } from '../../cart/cart-store';
import { useShop } from '../../lib/use-shop';
import { QuantityStepper } from '../../components/QuantityStepper';

/** Quantity, Add to Cart and Buy Now: both put the chosen quantity in the cart and go to /cart. */
export function PurchaseBox({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const shop = useShop();
  const navigate = useNavigate();
  const inStock = product.countInStock > 0;

  const addToCart = async () => {
    await dispatchCart({ type: 'add', item: product, quantity }, shop);
    navigate('/cart');
  };

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
    </div>
  );
}
