import type { AuditEntryView, auditLogEndpoint } from '../../core/contracts/admin-audit';
import type { Success } from './api';
import { auditActionLabel } from './audit-actions';
import { Card, FilterField, ListPage, When } from './ui';

/** A recorded value as readable JSON; nothing recorded reads as a dash. */
export function readableJson(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

export function Values({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold uppercase text-stone-600">{label}</p>
      {/* A long value scrolls in its box; keyboard users reach it with Tab (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="mt-1 max-h-64 overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap break-words"
      >
        {readableJson(value)}
      </pre>
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntryView }) {
  const label = auditActionLabel(entry);
  return (
    <Card>
      <article className="space-y-2">
        <h2 className="font-mono text-sm font-semibold break-all">{entry.action}</h2>
        {label && <p className="text-sm font-medium">{label}</p>}
        <p className="text-sm break-words text-stone-700">
          {entry.adminEmail} · <When at={entry.at} /> · {entry.ip}
        </p>
        <p className="text-sm break-all text-stone-700">
          {entry.targetType} {entry.targetId}
        </p>
        {entry.reason && <p className="text-sm">Reason: {entry.reason}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          <Values label="Before" value={entry.before} />
          <Values label="After" value={entry.after} />
        </div>
      </article>
    </Card>
  );
}

/** /admin/audit: every admin action, newest first, by admin, action and dates, a page at a time. */
export function AuditLog({ data }: { data: Success<typeof auditLogEndpoint> }) {
  return (
    <ListPage
      title="Audit log"
      filterLabel="Find audit entries"
      filters={
        <>
          <FilterField label="Admin e-mail" name="admin" type="email" />
          <FilterField label="Action (e.g. review or review.hide)" name="action" />
          <FilterField label="From" name="from" type="date" />
          <FilterField label="To" name="to" type="date" />
        </>
      }
      data={data}
      itemsOf={(data) => data.entries}
      empty="No entries match."
      keyOf={(entry) => entry.id}
    >
      {(entry) => <Entry entry={entry} />}
    </ListPage>
  );
}
