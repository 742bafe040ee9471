import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../core/validation';
import { ApiError } from '../../auth/api';

export const GENERIC_ERROR = 'An unexpected error occurred. Please try again.';

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** The centred card every sign-in, sign-up, reset and verification page sits in, with the page's one <h1>. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {intro && <p className="mt-2 text-stone-600">{intro}</p>}
        {children && <div className="mt-6">{children}</div>}
      </div>
    </section>
  );
}

/** A form-level failure, announced as soon as it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

interface SubmitButtonProps {
  busy: boolean;
  busyLabel: string;
  children: string;
  disabled?: boolean;
}

/** The full-width submit button, relabelled and disabled while the request runs. */
export function SubmitButton({ busy, busyLabel, children, disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && (
        <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
      )}
      {busy ? busyLabel : children}
    </button>
  );
}

/** The server's message when the API answered with one, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Per-field messages for a form checked with one of the shared schemas: `validate` parses the form's values,
 * shows each field's first message and focuses the first invalid field; editing a field clears its message.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  function validate<T>(schema: z.ZodType<T>, form: HTMLFormElement): z.ZodSafeParseResult<T> {
    const result = schema.safeParse(Object.fromEntries(new FormData(form)));
    const next = result.success ? {} : fieldErrors(result.error);
    setErrors(next);
    const firstInvalid = Object.keys(next)[0];
    const field = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
    if (field instanceof HTMLElement) field.focus();
    return result;
  }

  function clearOnInput(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  return { errors, validate, clearOnInput };
}
