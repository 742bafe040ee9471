import { Link } from 'react-router';
import type { DashboardFigure, DashboardSection } from '../../core/contracts/admin-dashboard';
import { formatRupees, paiseToRupees } from '../../core/money';
import { Badge, Card, PageHeading, adminLinkClass } from './ui';

/** A figure as it reads: a count, rupees, a duration, or a score. */
export function formatFigure({ value, unit }: Pick<DashboardFigure, 'value' | 'unit'>): string {
  switch (unit) {
    case 'paise':
      return formatRupees(paiseToRupees(value));
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
    case 'score':
      return value.toFixed(2);
    default:
      return value.toLocaleString('en-IN');
  }
}

const TONE_WORDS = { good: 'Good', warning: 'Check', bad: 'Act now', neutral: '' } as const;

function Figure({ figure, large }: { figure: DashboardFigure; large?: boolean }) {
  const tone = figure.tone ?? 'neutral';
  const label = figure.href ? (
    <Link to={figure.href} className={adminLinkClass}>
      {figure.label}
    </Link>
  ) : (
    figure.label
  );
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <dt className="min-w-0 text-sm text-stone-700">{label}</dt>
      <dd className="flex items-baseline gap-2">
        <span className={large ? 'text-2xl font-semibold' : 'font-semibold'}>{formatFigure(figure)}</span>
        {figure.note && <span className="text-xs text-stone-600">{figure.note}</span>}
        {tone !== 'neutral' && <Badge tone={tone}>{TONE_WORDS[tone]}</Badge>}
      </dd>
    </div>
  );
}

function Section({ section }: { section: DashboardSection }) {
  const headingId = `dashboard-${section.key}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-lg font-semibold">
          {section.href ? (
            <Link to={section.href} className="hover:underline">
              {section.title}
            </Link>
          ) : (
            section.title
          )}
        </h2>
        <dl className="space-y-2">
          {section.figures.map((figure) => (
            <Figure key={figure.label} figure={figure} large />
          ))}
        </dl>
        {section.rows && section.rows.length > 0 && (
          <dl className="mt-4 space-y-2 border-t border-stone-200 pt-3">
            {section.rows.map((row) => (
              <Figure key={`${row.label}-${row.href ?? ''}`} figure={row} />
            ))}
          </dl>
        )}
      </section>
    </Card>
  );
}

/** /admin: whichever sections the server's dashboard answers, in its order. */
export function Dashboard({ sections }: { sections: readonly DashboardSection[] }) {
  return (
    <>
      <PageHeading title="Dashboard" />
      <div className="grid gap-4 lg:grid-cols-2">
        {sections.map((section) => (
          <Section key={section.key} section={section} />
        ))}
      </div>
    </>
  );
}
