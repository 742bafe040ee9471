import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** The field's validation message, shown under it and announced to screen readers. */
  error?: string | null;
}

const inputClass =
  'mt-1 block w-full rounded-md border px-3 py-2.5 text-base focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 disabled:bg-stone-100 read-only:bg-stone-100';

/** A field's label above its control and its message below, tied to it for screen readers. */
function FieldFrame({
  label,
  error,
  className,
  control,
}: {
  label: string;
  error?: string | null;
  className: string;
  control: (ids: { id: string; described: Record<string, unknown> }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {control({ id, described })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const borderFor = (error?: string | null) => (error ? 'border-red-700' : 'border-stone-300');

/** A labelled text input with its error message. */
export function Field({ label, name, error, className = '', ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      className={className}
      control={({ id, described }) => (
        <input id={id} name={name} {...described} className={`${inputClass} ${borderFor(error)}`} {...input} />
      )}
    />
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  name: string;
  error?: string | null;
}

/** A labelled multi-line text box with its error message. */
export function TextAreaField({ label, name, error, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      className={className}
      control={({ id, described }) => (
        <textarea
          id={id}
          name={name}
          rows={6}
          {...described}
          className={`${inputClass} resize-y ${borderFor(error)}`}
          {...textarea}
        />
      )}
    />
  );
}

/** A password input with a show/hide toggle (spec section 5). */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Field {...props} type={visible ? 'text' : 'password'} className={`${props.className ?? ''} [&_input]:pr-16`} />
      <button
        type="button"
        className="absolute right-2 top-7 rounded px-2 py-1.5 text-sm font-medium text-brand-800"
        aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

/** An e-mail input with the keyboard and autofill hints phones need. */
export function EmailField(props: Omit<FieldProps, 'type'>) {
  return (
    <Field type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

/** A 10-digit Indian mobile number. */
export function PhoneField(props: Omit<FieldProps, 'type'>) {
  return <Field type="tel" autoComplete="tel-national" inputMode="numeric" maxLength={10} {...props} />;
}
