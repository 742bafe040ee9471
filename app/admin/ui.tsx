/** The back office's small shared pieces: headings, cards, a page's error, paging links and dates. */
import type { ReactNode } from 'react';
import { Form, Link, isRouteErrorResponse, useLocation, useRouteError, useSearchParams } from 'react-router';
import { GENERIC_ERROR } from '../lib/http';

export const adminLinkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';
export const smallButtonClass =
  'inline-flex items-center justify-center rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-stone-500';
export const inputClass =
  'mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-offset-1 focus:outline-brand-700';
export const labelClass = 'block text-sm font-medium text-stone-800';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/** A page outside the back office's shell (sign-in, an invitation): the shop's name, a heading and one card. */
export function SignInCard({
  shopName,
  heading,
  children,
}: {
  shopName: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-stone-50 px-4 py-12 sm:items-center">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm text-stone-600">{shopName} back office</p>
        <h1 className="mb-6 mt-1 text-2xl font-semibold">{heading}</h1>
        {children}
      </div>
    </main>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-stone-200 bg-white p-4 shadow-sm ${className}`}>{children}</div>;
}

/**
 * A page's error boundary (issue 32): its heading, then what its loader or the API answered, e.g. a filter the
 * server refused or an order that does not exist, inside the back office's shell.
 */
export function AdminPageError({ title }: { title: string }) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : GENERIC_ERROR;
  if (!isRouteErrorResponse(error) && import.meta.env.SSR) console.error(error);
  return (
    <>
      <PageHeading title={title} />
      <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
        {message}
      </p>
    </>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-stone-300 p-6 text-center text-stone-600">{children}</p>;
}

/** "Newest" and "Older" links of a list paged by `before`, keeping its filters. */
export function Pager({ next }: { next: string | number | null }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const paged = params.has('before');
  params.delete('before');
  const newest = `${pathname}${params.size ? `?${params}` : ''}`;
  if (next !== null) params.set('before', String(next));
  if (!paged && next === null) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-3">
      {paged && (
        <Link to={newest} className={smallButtonClass}>
          Newest
        </Link>
      )}
      {next !== null && (
        <Link to={`${pathname}?${params}`} className={smallButtonClass}>
          Older
        </Link>
      )}
    </nav>
  );
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** A moment in India's time, e.g. "27 Nov 2026, 11:08 am". */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

/** A status label with text and colour both, so it reads without colour too. */
export function Badge({ tone, children }: { tone: 'good' | 'warning' | 'bad' | 'neutral'; children: ReactNode }) {
  const colours = {
    good: 'bg-green-100 text-green-900',
    warning: 'bg-amber-100 text-amber-900',
    bad: 'bg-red-100 text-red-900',
    neutral: 'bg-stone-100 text-stone-800',
  } as const;
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${colours[tone]}`}>{children}</span>
  );
}

/** A list's filters: a GET form, so the filters live in the address and the Back button keeps them. */
export function FilterBar({
  label,
  submitLabel = 'Search',
  children,
}: {
  label: string;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-6 flex flex-wrap items-end gap-3">
      {children}
      <button type="submit" className="btn-primary py-2">
        {submitLabel}
      </button>
    </Form>
  );
}

/** A select's value and its words: a bare value reads as itself, capitalised. */
const choiceOf = (option: string | readonly [string, string]): readonly [string, string] =>
  typeof option !== 'string'
    ? option
    : [option, option ? (option[0]!.toUpperCase() + option.slice(1)).replaceAll('_', ' ') : 'Any'];

/** A labelled input or select of a FilterBar, starting at the address's value. */
export function FilterField({
  label,
  name,
  type = 'text',
  options,
  any,
}: {
  label: string;
  name: string;
  type?: 'text' | 'search' | 'email' | 'date';
  /** A select of these values (the first is the default), or of [value, words] pairs, instead of an input. */
  options?: readonly (string | readonly [value: string, words: string])[];
  /** A first choice that sends no value, e.g. 'Any'. */
  any?: string;
}) {
  const [params] = useSearchParams();
  const id = `filter-${name}`;
  const value = params.get(name) ?? '';
  return (
    <div className="min-w-0 flex-1 basis-40">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {options ? (
        <select
          id={id}
          name={name}
          defaultValue={value || (any ? '' : choiceOf(options[0]!)[0])}
          className={inputClass}
        >
          {any && <option value="">{any}</option>}
          {options.map(choiceOf).map(([choice, words]) => (
            <option key={choice} value={choice}>
              {words}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} name={name} type={type} defaultValue={value} className={inputClass} />
      )}
    </div>
  );
}

interface PagedListProps<T> {
  items: readonly T[];
  next: string | number | null;
  /** What shows when there are none, e.g. 'No reviews match.' */
  empty: string;
  keyOf: (item: T) => string | number;
  className?: string;
  children: (item: T) => ReactNode;
}

/** A paged list's items as stacked cards: a note when none match, then the pager. */
export function PagedList<T>({ items, next, empty, keyOf, className = 'space-y-3', children }: PagedListProps<T>) {
  return (
    <>
      {items.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className={className}>
          {items.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
      <Pager next={next} />
    </>
  );
}

/**
 * A list page of the back office (messages, reviews, products, audit log): its heading, its filters, then its
 * loader's items as a PagedList.
 */
export function ListPage<D extends { next: string | number | null }, T>({
  title,
  actions,
  filterLabel,
  filters,
  data,
  itemsOf,
  ...list
}: {
  title: string;
  /** Beside the heading, e.g. a "New product" link. */
  actions?: ReactNode;
  /** The filters' accessible name, e.g. 'Find messages'. */
  filterLabel: string;
  /** The FilterFields. */
  filters: ReactNode;
  /** The page's loader data. */
  data: D;
  /** The read's items, e.g. `(data) => data.messages`. */
  itemsOf: (data: D) => readonly T[];
} & Omit<PagedListProps<T>, 'items' | 'next'>) {
  return (
    <>
      <PageHeading title={title}>{actions}</PageHeading>
      <FilterBar label={filterLabel}>{filters}</FilterBar>
      <PagedList items={itemsOf(data)} next={data.next} {...list} />
    </>
  );
}
