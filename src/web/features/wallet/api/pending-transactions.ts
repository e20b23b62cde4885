/**
 * Staff review (docs/product.md 7 "Admin"): the queue of pending deposits and withdrawals, and approve or
 * cancel (labelled Reject). After an action both Requests lists reload (docs/product.md 4).
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pendingTransactions,
  transactionVerified,
  type PendingTransaction,
  type TransactionVerificationBody,
} from '../../../../shared/api/wallet';
import { MSG } from '../../../../shared/messages';
import { api, isApiError } from '../../../lib/api';
import { staffQueueOptions } from '../../../lib/staff-queue';
import { UNVERIFIED_USERS_KEY } from '../../identity';

export const PENDING_TRANSACTIONS_KEY = ['admin', 'pending-transactions'] as const;

/** docs/product.md 8: a 404, or an error naming 'No pending transactions', is an empty queue. */
function isEmptyQueue(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  const data = error.data as { error?: unknown; message?: unknown } | null;
  return [data?.error, data?.message].some(
    (text) => typeof text === 'string' && text.includes(MSG.noPendingTransactions),
  );
}

/** One page of the queue, oldest first; `after` the last transaction_id seen (docs/decisions/0020). */
async function pendingPage(after: number | undefined, signal: AbortSignal): Promise<PendingTransaction[]> {
  try {
    return await api.get('/api-v3/admin/pending-transactions/', {
      schema: pendingTransactions,
      query: { after },
      signal,
    });
  } catch (error) {
    if (isEmptyQueue(error)) return [];
    throw error;
  }
}

const pendingTransactionsQuery = () => ({
  ...staffQueueOptions({
    queryKey: PENDING_TRANSACTIONS_KEY,
    fetchPage: pendingPage,
    sizeOf: (page) => page.length,
    cursorAfter: (page) => page.at(-1)?.transaction_id,
    join: (pages) => pages.flat(),
  }),
  staleTime: 0,
});

/** The queue as loaded so far (`data`), with `fetchNextPage` for the next page. */
export const usePendingTransactions = () => useInfiniteQuery(pendingTransactionsQuery());

export function useReviewTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, action }: { transactionId: number } & TransactionVerificationBody) =>
      api.post(
        '/api-v3/admin/transactions-verification/',
        { action },
        { query: { transaction_id: transactionId }, schema: transactionVerified },
      ),
    // The identity capability's Unverified Users list reloads with ours. Also after a refusal (e.g. someone else decided first): the lists show what is true now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PENDING_TRANSACTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: UNVERIFIED_USERS_KEY }),
      ]),
  });
}
