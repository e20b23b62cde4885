/** GET /api-v3/admin/users/: one page of users, optionally searched. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPage } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const USERS_PAGE_SIZE = 20;

const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/users/', {
        query: { q: q || undefined, page, page_size: USERS_PAGE_SIZE },
        schema: adminUsersPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useUsers = (q: string, page: number) => useQuery(usersQuery(q, page));
