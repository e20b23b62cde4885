/**
 * The audit log at a desk (docs/architecture.md "Staff console at a desk"): filters by
 * action, target type and staff member, and a table sorted and paged by the server (the log only
 * grows). The sort and filters are kept in the address like the page.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN_MSG, AUDIT_LOG_SORTS, type AuditLogSort } from '../../../../shared/api/admin';
import {
  Cell,
  DataTable,
  FilterBar,
  FilterText,
  WholeRow,
  type Column,
  type SortState,
} from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import type { TextKey } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log';
import { LoadError } from '../ListState';
import { useStaffI18n } from '../use-staff-i18n';
import { describe } from './AuditLog';

const COLUMNS = [
  { label: 'admin.audit.columns.date', sort: 'created_at' },
  { label: 'admin.audit.columns.action', sort: 'action' },
  { label: 'admin.audit.columns.actor', sort: 'actor_email' },
  { label: 'admin.audit.columns.target', sort: 'target_type' },
  { label: 'admin.audit.columns.before' },
  { label: 'admin.audit.columns.after' },
] satisfies ReadonlyArray<Column<AuditLogSort> & { label: TextKey }>;

const FILTERS = [
  { name: 'action', label: 'admin.audit.filters.action' },
  { name: 'target_type', label: 'admin.audit.filters.targetType' },
  { name: 'actor', label: 'admin.audit.filters.actor' },
] as const satisfies ReadonlyArray<{ name: string; label: TextKey }>;
type FilterName = (typeof FILTERS)[number]['name'];

function auditSortOf(params: URLSearchParams): SortState<AuditLogSort> {
  const sort = AUDIT_LOG_SORTS.find((key) => key === params.get('sort'));
  return { sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

export function AuditTable({
  params,
  page,
  onChange,
}: {
  params: URLSearchParams;
  page: number;
  onChange: (changes: Record<string, string | null>, replace?: boolean) => void;
}) {
  const sort = auditSortOf(params);
  const [texts, setTexts] = useState<Record<FilterName, string>>({
    action: params.get('action') ?? '',
    target_type: params.get('target_type') ?? '',
    actor: params.get('actor') ?? '',
  });
  const typed = useDebounced(texts);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  // Typing pauses, then the changed filters go into the address.
  const pushed = useRef(texts);
  useEffect(() => {
    const changed = FILTERS.filter(({ name }) => typed[name].trim() !== pushed.current[name].trim());
    if (changed.length === 0) return;
    pushed.current = typed;
    change.current(
      { ...Object.fromEntries(changed.map(({ name }) => [name, typed[name].trim() || null])), page: null },
      true,
    );
  }, [typed]);
  const filter = (name: FilterName) => params.get(name) || undefined;
  const log = useAuditLog(page, {
    sort: sort.sort,
    order: sort.sort ? sort.order : undefined,
    action: filter('action'),
    target_type: filter('target_type'),
    actor: filter('actor'),
  });

  const { t, message, dateTime } = useStaffI18n();
  const columns = COLUMNS.map((column) => ({ ...column, label: t(column.label) }));
  let rows;
  if (log.isPending) rows = <WholeRow columns={COLUMNS.length}>{t('admin.audit.loading')}</WholeRow>;
  else if (log.isError) rows = null;
  else if (log.data.items.length === 0)
    rows = <WholeRow columns={COLUMNS.length}>{message(ADMIN_MSG.noAuditEntries)}</WholeRow>;
  else
    rows = log.data.items.map((entry) => (
      <tr key={entry.id} className="align-top hover:bg-surface-2/60">
        <Cell className="whitespace-nowrap text-muted">
          <time dateTime={entry.created_at}>{dateTime(entry.created_at)}</time>
        </Cell>
        <Cell className="font-semibold">
          <span translate="no">{entry.action}</span>
        </Cell>
        <Cell className="whitespace-nowrap">{entry.actor_email}</Cell>
        <Cell className="whitespace-nowrap">
          <span translate="no">{entry.target_type}</span> {entry.target_id}
        </Cell>
        {(['before', 'after'] as const).map((key) => (
          <Cell key={key}>
            <span
              translate="no"
              className="block min-w-[8rem] max-w-[18rem] whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]"
            >
              {describe(entry[key])}
            </span>
          </Cell>
        ))}
      </tr>
    ));

  return (
    <>
      <FilterBar label={t('admin.audit.filter')}>
        {FILTERS.map(({ name, label }) => (
          <FilterText
            key={name}
            label={t(label)}
            type="search"
            value={texts[name]}
            onChange={(event) => setTexts((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </FilterBar>
      {log.isError ? (
        <LoadError message={errorMessage(log.error, ADMIN_MSG.fetchAuditFailed)} onRetry={() => void log.refetch()} />
      ) : (
        <DataTable
          caption={t('admin.audit.caption')}
          columns={columns}
          sort={sort}
          onSort={(next) => onChange({ sort: next.sort ?? null, order: next.order, page: null }, true)}
          busy={log.isFetching}
        >
          {rows}
        </DataTable>
      )}
      {log.data && (
        <Pager
          label={t('admin.audit.pages')}
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          total={log.data.total}
          onPage={(next) => onChange({ page: String(next) })}
        />
      )}
    </>
  );
}
