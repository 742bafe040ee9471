/** The shop's mark: a stylised rangoli lotus, drawn inline so it never waits on a request. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#963f1d" />
        <path d="M16 7c3 3 3 8 0 12-3-4-3-9 0-12z" fill="#f9e6d3" />
        <path d="M8 14c4 0 7 2 8 5-4 1-7-1-8-5zM24 14c-4 0-7 2-8 5 4 1 7-1 8-5z" fill="#f3c98b" />
        <path d="M9 22h14" stroke="#f9e6d3" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-brand-800">{name}</span>
    </span>
  );
}
