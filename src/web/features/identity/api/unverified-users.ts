/**
 * Staff: GET /api-v3/admin/unverified-users-records/, the submissions waiting for review. A 404 or
 * an error saying 'No unverified users' is an empty list, not a failure (docs/product.md section 8).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { unverifiedUsersResponse, type UnverifiedUser } from '../../../../shared/api/identity';
import { MSG } from '../../../../shared/messages';
import { i18n } from '../../../lib/i18n';
import { api, errorMessage, isApiError } from '../../../lib/api';
import { UNVERIFIED_USERS_KEY } from '../../../lib/query-keys';
import { staffQueueOptions } from '../../../lib/staff-queue';

/** One page, oldest first; `after` the last verification_id seen (docs/decisions/0020). */
async function getUnverifiedUsers(after: number | undefined, signal?: AbortSignal): Promise<UnverifiedUser[]> {
  try {
    return await api.get('/api-v3/admin/unverified-users-records/', {
      schema: unverifiedUsersResponse,
      query: { after },
      signal,
    });
  } catch (error) {
    if (
      isApiError(error) &&
      (error.status === 404 || unverifiedFetchError(error).includes(i18n.message(MSG.noUnverifiedUsers)))
    ) {
      return [];
    }
    throw error;
  }
}

/** The red line in place of the list: the answer's message, then its error, else the fallback. */
export const unverifiedFetchError = (error: unknown) =>
  errorMessage(error, MSG.fetchUnverifiedFailed, ['message', 'error']);

const unverifiedUsersQuery = () =>
  staffQueueOptions({
    queryKey: UNVERIFIED_USERS_KEY,
    fetchPage: getUnverifiedUsers,
    sizeOf: (page) => page.length,
    cursorAfter: (page) => page.at(-1)?.verification_id,
    join: (pages) => pages.flat(),
  });

/** The list as loaded so far (`data`), with `fetchNextPage` for the next page. */
export const useUnverifiedUsers = () => useInfiniteQuery(unverifiedUsersQuery());
