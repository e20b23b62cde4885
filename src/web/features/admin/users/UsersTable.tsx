/**
 * The users at a desk (docs/architecture.md "Staff console at a desk"): the search, a role
 * filter and a table sorted and paged by the server (the list can be long). The sort, order and role
 * are kept in the address like the search and the page; a row opens the user's detail.
 */
import { useEffect, useRef, useState } from 'react';
import { ADMIN_MSG, ADMIN_USERS_SORTS, type AdminUsersSort } from '../../../../shared/api/admin';
import {
  Cell,
  DataTable,
  FilterBar,
  FilterSelect,
  FilterText,
  WholeRow,
  type Column,
  type SortState,
} from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import type { TextKey } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { LoadError } from '../ListState';
import { VerificationBadge } from '../VerificationBadge';
import { useStaffI18n } from '../use-staff-i18n';

const COLUMNS = [
  { label: 'admin.users.columns.name', sort: 'name' },
  { label: 'admin.users.columns.email', sort: 'email' },
  { label: 'admin.users.columns.uniqueId', sort: 'uniqueid' },
  { label: 'admin.users.columns.verification' },
  { label: 'admin.users.columns.role' },
  { label: 'admin.users.columns.signedUp', sort: 'created_at' },
] satisfies ReadonlyArray<Column<AdminUsersSort> & { label: TextKey }>;

const ROLE_OPTIONS = [
  { value: '', label: 'admin.users.roles.all' },
  { value: 'trader', label: 'admin.users.roles.traders' },
  { value: 'staff', label: 'admin.users.roles.staff' },
] as const satisfies ReadonlyArray<{ value: string; label: TextKey }>;

function usersSortOf(params: URLSearchParams): SortState<AdminUsersSort> {
  const sort = ADMIN_USERS_SORTS.find((key) => key === params.get('sort'));
  return { sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

export function UsersTable({
  params,
  page,
  onChange,
  onOpen,
}: {
  params: URLSearchParams;
  page: number;
  /** Sets address parameters (null removes one); a new search, sort or filter starts at page 1. */
  onChange: (changes: Record<string, string | null>, replace?: boolean) => void;
  onOpen: (userId: number) => void;
}) {
  const q = params.get('q') ?? '';
  const sort = usersSortOf(params);
  const role = params.get('role') === 'staff' ? 'staff' : params.get('role') === 'trader' ? 'trader' : undefined;
  const [text, setText] = useState(q);
  const typed = useDebounced(text.trim());
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  // Typing pauses, then the search goes into the address (once per new text).
  const pushed = useRef(q);
  useEffect(() => {
    if (typed === pushed.current) return;
    pushed.current = typed;
    change.current({ q: typed || null, page: null }, true);
  }, [typed]);
  const users = useUsers(q, page, { sort: sort.sort, order: sort.sort ? sort.order : undefined, role });
  const { t, plural, message, dateTime } = useStaffI18n();
  const columns = COLUMNS.map((column) => ({ ...column, label: t(column.label) }));

  let rows;
  if (users.isPending) rows = <WholeRow columns={COLUMNS.length}>{t('admin.users.loading')}</WholeRow>;
  else if (users.isError) rows = null;
  else if (users.data.items.length === 0)
    rows = <WholeRow columns={COLUMNS.length}>{message(ADMIN_MSG.noUsers)}</WholeRow>;
  else
    rows = users.data.items.map((user) => (
      <tr key={user.user_id} className="hover:bg-surface-2/60">
        <Cell className="min-w-[9rem] font-medium">
          <button
            type="button"
            onClick={() => onOpen(user.user_id)}
            translate="no"
            className="rounded text-left text-primary hover:underline"
          >
            {user.name || user.email}
          </button>
        </Cell>
        <Cell className="whitespace-nowrap">{user.email}</Cell>
        <Cell className="tabular-nums">{user.uniqueid}</Cell>
        <Cell>
          <VerificationBadge status={user.is_verified} />
        </Cell>
        <Cell>{user.is_admin ? t('admin.users.roles.staff') : t('admin.users.roles.trader')}</Cell>
        <Cell className="whitespace-nowrap text-muted">{dateTime(user.created_at)}</Cell>
      </tr>
    ));

  return (
    <>
      <FilterBar label={t('admin.users.filter')}>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            pushed.current = text.trim();
            onChange({ q: text.trim() || null, page: null }, true);
          }}
        >
          <FilterText
            label={t('admin.users.search')}
            type="search"
            placeholder={t('admin.users.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
        <FilterSelect
          label={t('admin.users.role')}
          options={ROLE_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
          value={role ?? ''}
          onChange={(event) => onChange({ role: event.target.value || null, page: null }, true)}
        />
        {users.data && (
          <p className="ml-auto pb-2 text-sm text-muted" aria-live="polite">
            {plural('admin.users.count', users.data.total)}
          </p>
        )}
      </FilterBar>
      {users.isError ? (
        <LoadError
          message={errorMessage(users.error, ADMIN_MSG.fetchUsersFailed)}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <DataTable
          caption={t('admin.users.list')}
          columns={columns}
          sort={sort}
          onSort={(next) => onChange({ sort: next.sort ?? null, order: next.order, page: null }, true)}
          busy={users.isFetching}
        >
          {rows}
        </DataTable>
      )}
      {users.data && (
        <Pager
          label={t('admin.users.pages')}
          page={page}
          pageSize={USERS_PAGE_SIZE}
          total={users.data.total}
          onPage={(next) => onChange({ page: String(next) })}
        />
      )}
    </>
  );
}
