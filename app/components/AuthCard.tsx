import type { ReactNode } from 'react';

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
