import type { CartItem } from '../../core/cart';
import { formatRupees, paiseToRupees, rupeesToPaise } from '../../core/money';
import type { CartPrices } from '../../core/pricing';
import { LineThumbnail } from './LineThumbnail';

const rupees = (amount: number) => formatRupees(amount, { fixedDecimals: true });

/** The lines being bought and the totals, priced with the shop's shipping rule (spec section 9). */
export function OrderSummary({ items, prices }: { items: readonly CartItem[]; prices: CartPrices }) {
  return (
    <div>
      <ul className="divide-y divide-stone-100">
        {items.map((item) => (
          <li key={item._id} className="flex items-center gap-3 py-3" data-testid="checkout-line">
            <LineThumbnail src={item.image[0]} />
            <p className="min-w-0 flex-1 text-sm">
              <span className="font-medium">{item.title}</span>{' '}
              <span className="whitespace-nowrap text-stone-600">× {item.quantity}</span>
            </p>
            <p className="text-sm font-medium whitespace-nowrap">
              {rupees(paiseToRupees(rupeesToPaise(item.price) * item.quantity))}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-3 border-t border-stone-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>SubTotal</dt>
          <dd data-testid="checkout-subtotal">{rupees(prices.itemsPrice)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">{prices.shippingPrice === 0 ? 'Free' : rupees(prices.shippingPrice)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{rupees(prices.totalPrice)}</dd>
        </div>
      </dl>
    </div>
  );
}
