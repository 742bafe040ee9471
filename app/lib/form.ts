/**
 * The one form kit: a form's values, the schema's message under each field, the submit state and the form's own
 * message after a failed submit (the server's `{message}`). The schemas, and with them the spec's messages, come
 * from core/, so the browser checks exactly what the server checks. Inputs are controlled; Field and
 * AddressFields take what `field(name)` returns.
 *
 * Only forms load this module, and with it zod: keep it out of pages that have none (decision 0011).
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../core/contracts/fields';
import { errorMessage } from './http';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object schema; its input names the fields
export type FormSchema = z.ZodType<unknown, any>;

/** Every field of the schema's input, as typed: strings. */
export type FormValues<S extends FormSchema> = { [K in keyof z.input<S> & string]-?: string };

export type FieldName<S extends FormSchema> = keyof FormValues<S> & string;

/** A field's message by name; '' holds a message about the whole form. */
export type FormErrors<S extends FormSchema> = Partial<Record<FieldName<S> | '', string>>;

/** What Field (and AddressFields, for each of its fields) needs for one value. */
export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export interface FormOptions<S extends FormSchema> {
  /**
   * Where the fields start, read once (like useState). Without it, every field of an object schema starts empty;
   * with it, fields left out stay out, so the schema's defaults apply to them.
   */
  initialValues?: Partial<FormValues<S>>;
  /**
   * 'submit' (the default): messages appear on submit, and a field's message goes as soon as it is edited.
   * 'change': each field is checked as it changes, and setValues checks them all.
   */
  validateOn?: 'submit' | 'change';
  /** The form's message when the submit fails: a fallback for the server's message, or a function of the error. */
  failureMessage?: string | ((error: unknown) => string);
  /** Told that message, e.g. to toast it too. */
  onFailure?: (message: string) => void;
  /** Told the first field's message when a submit stops on invalid fields; a returned text becomes the form's message. */
  onInvalid?: (firstMessage: string) => string | void;
}

export interface Form<S extends FormSchema> {
  values: FormValues<S>;
  errors: FormErrors<S>;
  /** Fields the shopper has edited. */
  touched: Partial<Record<FieldName<S>, boolean>>;
  /** A submit is running. */
  busy: boolean;
  /** The last submit went through (until the next one starts). */
  done: boolean;
  /** The form's message after a failed submit, for a FormAlert; null otherwise. */
  formError: string | null;
  /** The props a Field needs for one value. */
  field: (name: FieldName<S>) => FieldBinding;
  /** Replaces every value, e.g. with a picked saved address or what the server confirmed; left out stays out. */
  setValues: (values: Partial<FormValues<S>>) => void;
  /** Sets one value without counting it as the shopper's edit, e.g. a default that arrives late. */
  setValue: (name: FieldName<S>, value: string) => void;
  /**
   * The form's onSubmit: checks every field with the schema (as the form shows it), showing each field's first
   * message and focusing the first invalid field; when all are valid, runs `onValid` with the parsed data (see `run`).
   */
  handleSubmit: (onValid: (data: z.output<S>) => unknown) => (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Runs a submit's work: busy meanwhile (a second submit meanwhile is ignored), done after; a thrown error
   * becomes the form's message.
   */
  run: (task: () => unknown) => Promise<void>;
}

/** Each field of an object schema, empty (an intersection has no shape: its form gives initialValues). */
export function emptyValues(schema: FormSchema): Record<string, string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.fromEntries(Object.keys(shape).map((name) => [name, '']));
}

/**
 * The values as the form shows them: each field's named input as the browser holds it, over the state. They are
 * the same once the page is interactive; text typed before hydration is only in the inputs.
 */
function shownValues(form: HTMLFormElement, values: Record<string, string>): Record<string, string> {
  const data = new FormData(form);
  const shown = { ...values };
  for (const name of Object.keys(values)) {
    const value = data.get(name);
    if (typeof value === 'string') shown[name] = value;
  }
  return shown;
}

/** The parsed data, or each invalid field's first message (keyed '' for a message about the whole form). */
export function validateValues(schema: FormSchema, values: object): { data?: unknown; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data, errors: {} } : { errors: fieldErrors(parsed.error) };
}

export function useForm<S extends FormSchema>(schema: S, options: FormOptions<S> = {}): Form<S> {
  const { validateOn = 'submit', failureMessage, onFailure, onInvalid } = options;
  const [values, setValueState] = useState(() => (options.initialValues ?? emptyValues(schema)) as FormValues<S>);
  const [errors, setErrors] = useState<FormErrors<S>>({});
  const [touched, setTouched] = useState<Form<S>['touched']>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // A second submit before React has re-rendered the disabled button must not start a second request.
  const inFlight = useRef(false);

  const messageFor = (error: unknown) =>
    typeof failureMessage === 'function' ? failureMessage(error) : errorMessage(error, failureMessage);

  const field = (name: FieldName<S>): FieldBinding => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event) => {
      // A checkbox counts with its value while ticked and as '' while not, as FormData has it.
      const { target } = event;
      const unticked = target.type === 'checkbox' && 'checked' in target && !target.checked;
      const value = unticked ? '' : target.value;
      setValueState((current) => ({ ...current, [name]: value }));
      setTouched((current) => ({ ...current, [name]: true }));
      // A field's message depends on its own value only: the other fields may be a render behind.
      const message =
        validateOn === 'change' ? validateValues(schema, { ...values, [name]: value }).errors[name] : undefined;
      setErrors((current) => ({ ...current, [name]: message }));
    },
  });

  const setValues = (next: Partial<FormValues<S>>) => {
    setValueState(next as FormValues<S>);
    setErrors(validateOn === 'change' ? (validateValues(schema, next).errors as FormErrors<S>) : {});
  };

  const setValue = (name: FieldName<S>, value: string) => setValueState((current) => ({ ...current, [name]: value }));

  async function run(task: () => unknown): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormError(null);
    setBusy(true);
    setDone(false);
    try {
      await task();
      setDone(true);
    } catch (error) {
      const message = messageFor(error);
      setFormError(message);
      onFailure?.(message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const handleSubmit = (onValid: (data: z.output<S>) => unknown) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    setFormError(null);
    const shown = shownValues(form, values) as FormValues<S>;
    if (Object.keys(shown).some((name) => shown[name] !== values[name])) setValueState(shown);
    const { data, errors: found } = validateValues(schema, shown);
    setErrors(found as FormErrors<S>);
    const [firstInvalid] = Object.keys(found);
    if (firstInvalid !== undefined) {
      const input = form.elements.namedItem(firstInvalid);
      if (input instanceof HTMLElement) input.focus();
      const message = onInvalid?.(found[firstInvalid]!);
      if (message) setFormError(message);
      return;
    }
    // run never rejects: a failure becomes the form's message.
    void run(() => onValid(data as z.output<S>));
  };

  return { values, errors, touched, busy, done, formError, field, setValues, setValue, handleSubmit, run };
}
