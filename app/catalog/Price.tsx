import { formatRupees } from '../../core/money';

/** Current price, with the struck-through MRP beside it when discounted. */
export function Price({
  price,
  originalPrice,
  isDiscount,
  large = false,
}: {
  price: number;
  originalPrice: number;
  isDiscount: boolean;
  large?: boolean;
}) {
  return (
    <p className={`flex flex-wrap items-baseline gap-2 ${large ? 'text-2xl' : 'text-sm'}`}>
      {isDiscount && (
        <del className={`text-stone-600 ${large ? 'text-lg' : 'text-xs'}`}>
          <span className="sr-only">Original price </span>
          {formatRupees(originalPrice)}
        </del>
      )}
      <span className="font-semibold text-ink">
        {isDiscount && <span className="sr-only">Sale price </span>}
        {formatRupees(price)}
      </span>
    </p>
  );
}

export function DiscountBadge({ discount }: { discount: number }) {
  return <span className="rounded bg-red-700 px-2 py-1 text-xs font-bold text-white">-{discount}% OFF</span>;
}
