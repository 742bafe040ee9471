import type { PaymentMethod } from '../../core/cart';
import { ChoiceCards } from '../components/ChoiceCards';

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
    <ChoiceCards
      legend="Payment method"
      name="paymentMethod"
      choices={OPTIONS}
      keyOf={(option) => option.value}
      isChosen={(option) => option.value === value}
      onChoose={(option) => onChange(option.value)}
    >
      {(option) => (
        <span>
          <span className="block text-sm font-semibold">{option.label}</span>
          <span className="block text-sm text-stone-600">{option.hint}</span>
        </span>
      )}
    </ChoiceCards>
  );
}
