/**
 * The users at a desk (issue 19, docs/architecture.md "Staff console at a desk"): the search, a role
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
import { errorMessage } from '../../../lib/api';
import { useDebounced } from '../../../lib/use-debounced';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { LoadError } from '../ListState';
import { VerificationBadge } from '../VerificationBadge';
import { formatDateTime } from '../views';

const COLUMNS: ReadonlyArray<Column<AdminUsersSort>> = [
  { label: 'Name', sort: 'name' },
  { label: 'Email', sort: 'email' },
  { label: 'Unique ID', sort: 'uniqueid' },
  { label: 'Verification' },
  { label: 'Role' },
  { label: 'Signed up', sort: 'created_at' },
];

const ROLE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'trader', label: 'Traders' },
  { value: 'staff', label: 'Staff' },
] as const;

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

  let rows;
  if (users.isPending) rows = <WholeRow columns={COLUMNS.length}>Loading users</WholeRow>;
  else if (users.isError) rows = null;
  else if (users.data.items.length === 0) rows = <WholeRow columns={COLUMNS.length}>{ADMIN_MSG.noUsers}</WholeRow>;
  else
    rows = users.data.items.map((user) => (
      <tr key={user.user_id} className="hover:bg-surface-2/60">
        <Cell className="min-w-[9rem] font-medium">
          <button
            type="button"
            onClick={() => onOpen(user.user_id)}
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
        <Cell>{user.is_admin ? 'Staff' : 'Trader'}</Cell>
        <Cell className="whitespace-nowrap text-muted">{formatDateTime(user.created_at)}</Cell>
      </tr>
    ));

  return (
    <>
      <FilterBar label="Filter users">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            pushed.current = text.trim();
            onChange({ q: text.trim() || null, page: null }, true);
          }}
        >
          <FilterText
            label="Search users"
            type="search"
            placeholder="Email, name or unique ID"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
        <FilterSelect
          label="Role"
          options={ROLE_OPTIONS}
          value={role ?? ''}
          onChange={(event) => onChange({ role: event.target.value || null, page: null }, true)}
        />
        {users.data && (
          <p className="ml-auto pb-2 text-sm text-muted" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? 'user' : 'users'}
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
          caption="Users"
          columns={COLUMNS}
          sort={sort}
          onSort={(next) => onChange({ sort: next.sort ?? null, order: next.order, page: null }, true)}
          busy={users.isFetching}
        >
          {rows}
        </DataTable>
      )}
      {users.data && (
        <Pager
          label="Users pages"
          page={page}
          pageSize={USERS_PAGE_SIZE}
          total={users.data.total}
          onPage={(next) => onChange({ page: String(next) })}
        />
      )}
    </>
  );
}
