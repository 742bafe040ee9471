import type { ReactNode } from 'react';

/**
 * Markup that needs no JavaScript: rendered on the server, and kept by the browser exactly as it arrived.
 * An element with dangerouslySetInnerHTML is not hydrated. Callers write `{import.meta.env.SSR && <X />}` as the
 * children, so the client build can drop X's code entirely.
 */
export function ServerOnly({ children }: { children: ReactNode }) {
  return import.meta.env.SSR ? (
    <div>{children}</div>
  ) : (
    <div dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}
