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
