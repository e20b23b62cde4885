/**
 * The Unverified Users at a desk (docs/architecture.md "Staff console at a desk"): the
 * submissions waiting for review as a table. Sorted and filtered on the client, over the pages loaded
 * so far (the queue is worked down, and the server sends it oldest first in pages with "Load more",
 * docs/decisions/0020 and 0041); the same Details, Reject and Verify as the phone's cards.
 */
import { useMemo, useState } from 'react';
import type { UnverifiedUser } from '../../../shared/api/identity';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import {
  Cell,
  DataTable,
  FilterBar,
  FilterText,
  WholeRow,
  type Column,
  type SortState,
} from '../../components/DataTable';
import { LoadMore } from '../../components/LoadMore';
import { useI18n, type TextKey } from '../../lib/i18n';
import { unverifiedFetchError } from './api/unverified-users';
import { useUnverifiedReview } from './unverified-review';

type Sort = 'full_name' | 'user_uniqueid' | 'created_at';

const COLUMNS: ReadonlyArray<{ label: TextKey; sort?: Sort; hiddenLabel?: boolean }> = [
  { label: 'identity.review.columns.name', sort: 'full_name' },
  { label: 'identity.review.columns.uniqueId', sort: 'user_uniqueid' },
  { label: 'identity.review.columns.submitted', sort: 'created_at' },
  { label: 'identity.review.columns.actions', hiddenLabel: true },
];

/** The loaded rows matching `filter` (name or unique id), in the chosen order (the queue's own without one). */
export function sortedUnverified(rows: UnverifiedUser[], filter: string, sort: SortState<Sort>): UnverifiedUser[] {
  const needle = filter.trim().toLowerCase();
  const kept = needle
    ? rows.filter((u) => u.full_name.toLowerCase().includes(needle) || u.user_uniqueid.toLowerCase().includes(needle))
    : rows;
  const key = sort.sort;
  if (!key) return kept;
  const sign = sort.order === 'desc' ? -1 : 1;
  return [...kept].sort((a, b) => sign * (a[key] ?? '').localeCompare(b[key] ?? '', 'en', { sensitivity: 'base' }));
}

export function UnverifiedUsersTable() {
  const { list, show, reject, verify, deciding, sheets } = useUnverifiedReview();
  const { t, message, dateTime } = useI18n();
  const [sort, setSort] = useState<SortState<Sort>>({ sort: undefined, order: 'asc' });
  const [filter, setFilter] = useState('');
  const columns = useMemo(
    (): ReadonlyArray<Column<Sort>> => COLUMNS.map((column) => ({ ...column, label: t(column.label) })),
    [t],
  );
  const rows = useMemo(() => sortedUnverified(list.data ?? [], filter, sort), [list.data, filter, sort]);

  let body;
  if (list.isPending) body = <WholeRow columns={COLUMNS.length}>{t('identity.review.loading')}</WholeRow>;
  else if (list.isError)
    body = (
      <WholeRow columns={COLUMNS.length}>
        <span role="alert" className="text-down">
          {message(unverifiedFetchError(list.error))}
        </span>
      </WholeRow>
    );
  else if (rows.length === 0) body = <WholeRow columns={COLUMNS.length}>{message(MSG.noUnverifiedUsers)}</WholeRow>;
  else
    body = rows.map((user) => (
      <tr key={user.user_id} className="hover:bg-surface-2/60">
        <Cell className="break-words font-medium">{user.full_name}</Cell>
        <Cell className="tabular-nums">{user.user_uniqueid}</Cell>
        <Cell className="whitespace-nowrap text-muted">{user.created_at ? dateTime(user.created_at) : '—'}</Cell>
        <Cell>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" block={false} className="h-9 px-3 text-sm" onClick={() => show(user)}>
              {t('identity.review.details')}
            </Button>
            <Button
              variant="danger"
              block={false}
              className="h-9 px-3 text-sm"
              disabled={deciding(user)}
              onClick={() => reject(user)}
            >
              {t('identity.review.reject')}
            </Button>
            <Button block={false} className="h-9 px-3 text-sm" busy={deciding(user)} onClick={() => verify(user)}>
              {t('identity.review.verify')}
            </Button>
          </div>
        </Cell>
      </tr>
    ));

  return (
    <section aria-labelledby="unverified-users-heading" className="mt-6 flex flex-col gap-3">
      <h2 id="unverified-users-heading" className="text-base font-semibold">
        {t('identity.review.heading')}
      </h2>
      <FilterBar label={t('identity.review.filter')}>
        <FilterText
          label={t('identity.review.filterText')}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </FilterBar>
      <DataTable
        caption={t('identity.review.heading')}
        columns={columns}
        sort={sort}
        onSort={setSort}
        busy={list.isFetching}
      >
        {body}
      </DataTable>
      <LoadMore query={list} label={t('identity.review.loadMore')} />

      {sheets}
    </section>
  );
}
