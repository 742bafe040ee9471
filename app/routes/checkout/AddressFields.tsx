import { EmailField, Field, PhoneField } from '../../components/form/Field';
import type { useAddressForm } from './use-address-form';

type FieldProps = ReturnType<typeof useAddressForm>['field'];

/** The billing and shipping fields (spec section 3: address); address line 2 is the only optional one. */
export function AddressFields({ field }: { field: FieldProps }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name *" required autoComplete="given-name" {...field('fname')} />
      <Field label="Last name *" required autoComplete="family-name" {...field('lname')} />
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
      <Field
        label="PIN code *"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={6}
        {...field('pincode')}
      />
      <PhoneField label="Phone *" required {...field('phone')} />
      <EmailField label="Email address *" required className="sm:col-span-2" {...field('email')} />
    </div>
  );
}
