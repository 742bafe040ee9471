import type { PaymentMethod } from '../../core/cart';

const OPTIONS: { value: PaymentMethod; label: string; hint: string }[] = [
  { value: 'prepaid', label: 'Pay online (UPI)', hint: 'Pay with any UPI app.' },
  { value: 'cod', label: 'Cash on Delivery', hint: 'Pay in cash when your order arrives.' },
];

interface PaymentChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}

/** Prepaid or cash on delivery (spec section 4); prepaid is the default. */
export function PaymentChoice({ value, onChange }: PaymentChoiceProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3">
        <h2 className="text-lg font-semibold">Payment method</h2>
      </legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-4 has-checked:border-brand-700 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="mt-1 size-4 accent-brand-700"
          />
          <span>
            <span className="block text-sm font-semibold">{option.label}</span>
            <span className="block text-sm text-stone-600">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
