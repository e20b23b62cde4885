/** GET /api-v3/admin/users/: one page of users, optionally searched, and at a desk sorted and filtered (docs/decisions/0041-staff-console-at-a-desk.md). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPage, type AdminUsersSort } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

/** The desk table's sort and filter; empty on a phone (the newest first). */
export interface UsersTableParams {
  sort?: AdminUsersSort;
  order?: 'asc' | 'desc';
  role?: 'staff' | 'trader';
}

const usersQuery = (q: string, page: number, table: UsersTableParams) =>
  queryOptions({
    queryKey: adminKeys.users(q, page, table),
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/users/', {
        query: { q: q || undefined, page, page_size: USERS_PAGE_SIZE, ...table },
        schema: adminUsersPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useUsers = (q: string, page: number, table: UsersTableParams = {}) => useQuery(usersQuery(q, page, table));
