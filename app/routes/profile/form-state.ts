import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../core/validation';
import { toast } from '../../lib/toast';
import { errorMessage } from './account';

type FormValues = Record<string, string>;

interface SubmitOptions<Output> {
  schema: z.ZodType<Output>;
  /** Sends the valid data; resolves with the server's confirmation message. */
  save: (data: Output) => Promise<string>;
  /** Runs after the server has confirmed. */
  onSaved?: (data: Output) => void;
}

/**
 * State of an account form: values, messages under the fields and the saving flag. Submitting validates with the
 * schema, then saves; the success toast shows the server's message only after it confirmed, a failure its error.
 */
export function useFormState<T extends FormValues>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [saving, setSaving] = useState(false);

  /** The props a Field needs for one value. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const onSubmit =
    <Output>({ schema, save, onSaved }: SubmitOptions<Output>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (saving) return;
      const form = event.currentTarget;
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const found = fieldErrors(parsed.error);
        setErrors(found as Partial<Record<keyof T, string>>);
        const first = form.elements.namedItem(Object.keys(found)[0] ?? '');
        if (first instanceof HTMLElement) first.focus();
        return;
      }
      setErrors({});
      setSaving(true);
      try {
        toast.success(await save(parsed.data));
        onSaved?.(parsed.data);
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setSaving(false);
      }
    };

  return { values, setValues, field, saving, onSubmit };
}
