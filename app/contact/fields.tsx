import type { FieldBinding } from '../lib/form';

/**
 * The honeypot (decision 0027): out of sight, out of the accessibility tree and out of the tab order, so people
 * leave it empty; bots that fill every input fill it, and their message is dropped.
 */
export function Honeypot({ name, value, onChange }: FieldBinding) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        Website
        <input type="text" name={name} value={value} onChange={onChange} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
