/** The logged-in user's profile (GET /api-v1/info/), shared by the drawer and the safety screens. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Loaded with the first answer, not with Home: zod is not part of Home's first paint. */
const userInfo = async () => (await import('../../../../shared/api/auth')).userInfo;

export const userInfoQuery = () =>
  queryOptions({
    queryKey: ['account', 'info'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/info/', { schema: userInfo, signal }),
  });

export function useUserInfo(enabled = true) {
  return useQuery({ ...userInfoQuery(), enabled });
}
