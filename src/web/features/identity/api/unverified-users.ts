/**
 * Staff: GET /api-v3/admin/unverified-users-records/, the submissions waiting for review. A 404 or
 * an error saying 'No unverified users' is an empty list, not a failure (docs/product.md section 8).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unverifiedUsersResponse, type UnverifiedUser } from '../../../../shared/api/identity';
import { MSG } from '../../../../shared/messages';
import { api, errorMessage, isApiError } from '../../../lib/api';

export const UNVERIFIED_USERS_KEY = ['admin', 'unverified-users'] as const;

async function getUnverifiedUsers(signal?: AbortSignal): Promise<UnverifiedUser[]> {
  try {
    return await api.get('/api-v3/admin/unverified-users-records/', { schema: unverifiedUsersResponse, signal });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || unverifiedFetchError(error).includes(MSG.noUnverifiedUsers))) {
      return [];
    }
    throw error;
  }
}

/** The red line in place of the list: the answer's message, then its error, else the fallback. */
export const unverifiedFetchError = (error: unknown) =>
  errorMessage(error, MSG.fetchUnverifiedFailed, ['message', 'error']);

const unverifiedUsersQuery = () =>
  queryOptions({ queryKey: UNVERIFIED_USERS_KEY, queryFn: ({ signal }) => getUnverifiedUsers(signal) });

export const useUnverifiedUsers = () => useQuery(unverifiedUsersQuery());
