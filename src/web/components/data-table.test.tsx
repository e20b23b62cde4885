/**
 * The desk's tables (docs/architecture.md "Staff console at a desk"): a sortable header is a
 * button that turns the sort round on the same column and starts another ascending; the sorted column
 * says so with aria-sort. The unverified users sort and filter on the client.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UnverifiedUser } from '../../shared/api/identity';
import { sortedUnverified } from '../features/identity/UnverifiedUsersTable';
import { DataTable, type Column } from './DataTable';

afterEach(cleanup);

type Key = 'name' | 'date';
const COLUMNS: ReadonlyArray<Column<Key>> = [
  { label: 'Name', sort: 'name' },
  { label: 'Date', sort: 'date' },
  { label: 'Note' },
];

function renderTable(sort: { sort: Key | undefined; order: 'asc' | 'desc' }) {
  const onSort = vi.fn();
  render(
    <DataTable caption="People" columns={COLUMNS} sort={sort} onSort={onSort}>
      <tr>
        <td>Ada</td>
        <td>today</td>
        <td>-</td>
      </tr>
    </DataTable>,
  );
  return onSort;
}

describe('DataTable', () => {
  it('is a captioned table whose sorted column carries aria-sort, the others none', () => {
    renderTable({ sort: 'date', order: 'desc' });
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Note' }).querySelector('button')).toBeNull();
  });

  it('turns the same column round, and starts another ascending', () => {
    const onSort = renderTable({ sort: 'name', order: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'name', order: 'desc' });
    fireEvent.click(screen.getByRole('button', { name: /Date/ }));
    expect(onSort).toHaveBeenLastCalledWith({ sort: 'date', order: 'asc' });
  });
});

describe('unverified users on the client', () => {
  const rows: UnverifiedUser[] = [
    { user_id: 1, full_name: 'grace Hopper', user_uniqueid: '300', created_at: '2026-01-02T00:00:00Z' },
    { user_id: 2, full_name: 'Alan Turing', user_uniqueid: '100', created_at: '2026-01-03T00:00:00Z' },
    { user_id: 3, full_name: 'Ada Lovelace', user_uniqueid: '200', created_at: '2026-01-01T00:00:00Z' },
  ];
  const ids = (list: UnverifiedUser[]) => list.map((u) => u.user_id);

  it("keeps the queue's order without a sort, and sorts by name regardless of case, id or date", () => {
    expect(ids(sortedUnverified(rows, '', { sort: undefined, order: 'asc' }))).toEqual([1, 2, 3]);
    expect(ids(sortedUnverified(rows, '', { sort: 'full_name', order: 'asc' }))).toEqual([3, 2, 1]);
    expect(ids(sortedUnverified(rows, '', { sort: 'user_uniqueid', order: 'desc' }))).toEqual([1, 3, 2]);
    expect(ids(sortedUnverified(rows, '', { sort: 'created_at', order: 'asc' }))).toEqual([3, 1, 2]);
  });

  it('filters by part of the name or the unique id', () => {
    expect(ids(sortedUnverified(rows, ' TUR ', { sort: undefined, order: 'asc' }))).toEqual([2]);
    expect(ids(sortedUnverified(rows, '20', { sort: undefined, order: 'asc' }))).toEqual([3]);
  });
});
