/** The audit log: every staff action, newest first, with who did it and the state before and after. */
import { ADMIN_MSG, type AuditEntry } from '../../../../shared/api/admin';
import { errorMessage } from '../../../lib/api';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log';
import { EmptyList, LoadError, Spinner } from '../ListState';
import { Pager } from '../../../components/Pager';
import { useStaffI18n } from '../use-staff-i18n';

/** A JSON value as short readable lines: `key: value` per field. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

export function AuditLog({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const log = useAuditLog(page);
  const { t, message } = useStaffI18n();
  if (log.isPending) return <Spinner label={t('admin.audit.loading')} />;
  if (log.isError)
    return (
      <LoadError message={errorMessage(log.error, ADMIN_MSG.fetchAuditFailed)} onRetry={() => void log.refetch()} />
    );
  if (log.data.items.length === 0) return <EmptyList message={message(ADMIN_MSG.noAuditEntries)} />;
  return (
    <>
      <ol className="flex flex-col gap-3" aria-busy={log.isFetching}>
        {log.data.items.map((entry) => (
          <AuditItem key={entry.id} entry={entry} />
        ))}
      </ol>
      <Pager
        label={t('admin.audit.pages')}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        total={log.data.total}
        onPage={onPage}
      />
    </>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t, dateTime } = useStaffI18n();
  return (
    <li className="rounded-2xl bg-surface p-4 text-sm shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span translate="no" className="font-semibold">
          {entry.action}
        </span>
        <time dateTime={entry.created_at} className="text-xs text-muted">
          {dateTime(entry.created_at)}
        </time>
      </div>
      <p className="mt-0.5 text-[13px] text-muted [overflow-wrap:anywhere]">
        {entry.actor_email} · <span translate="no">{entry.target_type}</span> {entry.target_id}
      </p>
      <dl className="mt-2 grid gap-2">
        {(['before', 'after'] as const).map((key) => (
          <div key={key} className="min-w-0 rounded-xl bg-surface-2 px-3 py-2">
            <dt className="text-xs font-medium capitalize text-muted">{t(`admin.audit.${key}`)}</dt>
            <dd translate="no" className="whitespace-pre-wrap break-all font-mono text-xs">
              {describe(entry[key])}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
