import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { EmailField, Field, PhoneField } from './Field';
import { usePinAutofill } from './pin-autofill';

type AddressFieldName = 'fname' | 'lname' | 'address1' | 'address2' | 'city' | 'state' | 'pincode' | 'phone' | 'email';

/** What a form hook hands a Field for one value. */
interface FieldBinding {
  name: string;
  value: string;
  error?: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

interface AddressFieldsProps {
  field: (name: AddressFieldName) => FieldBinding;
  /** Checkout requires a last name; the account's address form does not (spec section 5). */
  lastNameRequired: boolean;
  /** Shown between PIN code and phone, e.g. the fixed country. */
  afterPincode?: ReactNode;
  emailClassName?: string;
  /** A PIN to start an empty PIN field with once mounted (the one the shopper checked on a product page). */
  suggestedPin?: () => string | null;
}

/** A change event with `value`, as the form hook reads one (the autofill types city and state for the shopper). */
const typed = (value: string) => ({ target: { value, type: 'text' } }) as ChangeEvent<HTMLInputElement>;

/**
 * The address fields of spec section 3, for checkout and the account's address form; the caller lays the grid.
 * Typing a PIN fills city and state from the PIN directory (decision 0070).
 */
export function AddressFields({
  field,
  lastNameRequired,
  afterPincode,
  emailClassName,
  suggestedPin,
}: AddressFieldsProps) {
  const pincode = field('pincode');
  const autofill = usePinAutofill(pincode.value, (name, value) => field(name).onChange(typed(value)));
  const pinTyped = (value: string) => {
    pincode.onChange(typed(value));
    autofill.pinTyped(value);
  };
  // Once, after hydration (the server knows no browser's storage), and only into an empty field.
  const suggested = useRef(false);
  useEffect(() => {
    if (suggested.current) return;
    suggested.current = true;
    const pin = suggestedPin?.();
    if (pin && !pincode.value) pinTyped(pin);
  });
  return (
    <>
      <Field label="First name *" required autoComplete="given-name" {...field('fname')} />
      <Field
        label={lastNameRequired ? 'Last name *' : 'Last name (optional)'}
        required={lastNameRequired}
        autoComplete="family-name"
        {...field('lname')}
      />
      <Field
        label="Address line 1 *"
        required
        autoComplete="address-line1"
        placeholder="House number and street name"
        className="sm:col-span-2"
        {...field('address1')}
      />
      <Field
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        placeholder="Apartment, suite, landmark"
        className="sm:col-span-2"
        {...field('address2')}
      />
      <Field label="Town / City *" required autoComplete="address-level2" {...field('city')} />
      <Field label="State *" required autoComplete="address-level1" {...field('state')} />
      <div>
        <Field
          label="PIN code *"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={6}
          {...pincode}
          onChange={(event) => pinTyped(event.target.value)}
        />
        {autofill.notice && (
          <p role="status" className="mt-1 text-sm text-stone-700">
            {autofill.notice}
          </p>
        )}
      </div>
      {afterPincode}
      <PhoneField label="Phone *" required {...field('phone')} />
      <EmailField label="Email address *" required className={emailClassName} {...field('email')} />
    </>
  );
}
