import { useState, type ChangeEvent } from 'react';
import { checkoutAddressSchema, fieldErrors, firstError } from '../../../core/validation';
import type { AddressField, AddressValues } from './address';

type Errors = Partial<Record<AddressField, string>>;

/** One field's message by its own rule, or undefined when it is fine. */
const checkField = (name: AddressField, value: string) =>
  firstError(checkoutAddressSchema.shape[name].safeParse(value)) ?? undefined;

const checkAll = (values: AddressValues): Errors => {
  const parsed = checkoutAddressSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/**
 * The checkout address form (spec section 5): each field is checked as it changes, and all of them on submit.
 * A picked saved address is checked at once, since account addresses may lack what checkout needs (a last name).
 */
export function useAddressForm(initial: AddressValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});

  /** The props a Field needs for one value. */
  const field = (name: AddressField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: checkField(name, value) }));
    },
  });

  const fill = (next: AddressValues) => {
    setValues(next);
    setErrors(checkAll(next));
  };

  /** Checks every field; on failure shows the messages and focuses the first invalid field. */
  const validate = (form: HTMLFormElement) => {
    const parsed = checkoutAddressSchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = fieldErrors(parsed.error);
    setErrors(found);
    const first = form.elements.namedItem(Object.keys(found)[0] ?? '');
    if (first instanceof HTMLElement) first.focus();
    return null;
  };

  return { values, field, fill, validate };
}
