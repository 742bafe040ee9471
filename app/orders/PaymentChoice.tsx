import type { PaymentMethod } from '../../core/cart';
import { ChoiceCards } from '../components/ChoiceCards';

const OPTIONS: { value: PaymentMethod; label: string; hint: string }[] = [
  { value: 'prepaid', label: 'Pay online (UPI)', hint: 'Pay with any UPI app.' },
  { value: 'cod', label: 'Cash on Delivery', hint: 'Pay in cash when your order arrives.' },
];

interface PaymentChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Why prepaid cannot be offered, when it cannot: only cash on delivery is shown, with this reason. */
  prepaidUnavailable?: string;
  /** Why cash on delivery cannot be taken at the address's PIN, when it cannot: it is shown disabled, with this. */
  codUnavailable?: string;
}

/** Prepaid or cash on delivery (spec section 4); prepaid is the default, when the shop can take payments online. */
export function PaymentChoice({ value, onChange, prepaidUnavailable, codUnavailable }: PaymentChoiceProps) {
  return (
    <div className="space-y-3">
      <ChoiceCards
        legend="Payment method"
        name="paymentMethod"
        choices={prepaidUnavailable ? OPTIONS.filter((option) => option.value === 'cod') : OPTIONS}
        keyOf={(option) => option.value}
        isChosen={(option) => option.value === value}
        onChoose={(option) => onChange(option.value)}
        isDisabled={(option) => option.value === 'cod' && codUnavailable !== undefined}
      >
        {(option) => (
          <span>
            <span className="block text-sm font-semibold">{option.label}</span>
            <span className="block text-sm text-stone-600">{option.hint}</span>
          </span>
        )}
      </ChoiceCards>
      {prepaidUnavailable && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="prepaid-unavailable"
        >
          {prepaidUnavailable}
        </p>
      )}
      {codUnavailable && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="cod-unavailable"
        >
          {codUnavailable}
        </p>
      )}
    </div>
  );
}
