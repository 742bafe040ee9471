import { Link } from 'react-router';
import type { CartAction, CartItem } from '../../core/cart';
import { formatRupees, paiseToRupees, rupeesToPaise } from '../../core/money';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { QuantityStepper } from '../components/QuantityStepper';

/** One cart row: image and title linking to the product, Remove, unit price, stepper and line subtotal. */
export function CartLine({ item, dispatch }: { item: CartItem; dispatch: (action: CartAction) => void }) {
  const href = `/product/${item.slug ?? item._id}`;
  const lineTotal = paiseToRupees(rupeesToPaise(item.price) * item.quantity);
  return (
    <tr className="border-b border-stone-100 align-middle" data-testid="cart-line">
      <td className="py-4">
        <div className="flex items-center gap-3">
          <Link to={href} className="shrink-0">
            <ResponsiveImage
              src={item.image[0] ?? ''}
              alt={item.title}
              width={80}
              height={80}
              sizes="80px"
              maxWidth={320}
              className="size-16 rounded-md object-cover md:size-20"
            />
          </Link>
          <div>
            <Link to={href} className="font-medium hover:text-brand-700">
              {item.title}
            </Link>
            <p className="text-stone-600 md:hidden">{formatRupees(item.price)}</p>
            <button
              type="button"
              className="mt-1 block text-sm text-red-700 underline"
              onClick={() => dispatch({ type: 'remove', id: item._id })}
            >
              Remove
            </button>
          </div>
        </div>
      </td>
      <td className="hidden py-4 md:table-cell">{formatRupees(item.price)}</td>
      <td className="py-4">
        <QuantityStepper
          quantity={item.quantity}
          label={`Quantity of ${item.title}`}
          canDecrease={item.quantity > 0}
          canIncrease={item.quantity < item.countInStock}
          onDecrease={() => dispatch({ type: 'decrement', id: item._id })}
          onIncrease={() => dispatch({ type: 'increment', id: item._id })}
        />
      </td>
      <td className="py-4 text-right font-medium">{formatRupees(lineTotal, { fixedDecimals: true })}</td>
    </tr>
  );
}
