import { useId } from 'react';
import { MINIMUM_ORDER_AGE } from '../../core/constants';
import type { FieldBinding } from '../lib/form';
import { AGE_CONFIRMED } from './checkout-schema';

/** The required checkbox of spec section 1: the shopper confirms the minimum age to order. */
export function AgeConfirmation({ name, value, error, onChange }: FieldBinding) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          value={AGE_CONFIRMED}
          checked={value === AGE_CONFIRMED}
          onChange={onChange}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-stone-800">
          I confirm that I am {MINIMUM_ORDER_AGE} or older. *
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
