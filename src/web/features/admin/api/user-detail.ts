/** GET /api-v3/admin/users/{id}/: one user's detail. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetail } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => api.get(`/api-v3/admin/users/${userId}/`, { schema: adminUserDetail, signal }),
  });
export const useUserDetail = (userId: number) => useQuery(userDetailQuery(userId));
