/**
 * Staff review (docs/product.md 7 "Admin"): the queue of pending deposits and withdrawals, and approve or
 * cancel (labelled Reject). After an action both Requests lists reload (docs/product.md 4).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pendingTransactions,
  transactionVerified,
  type PendingTransaction,
  type PendingTransactionSort,
  type TransactionVerificationBody,
} from '../../../../shared/api/wallet';
import { MSG } from '../../../../shared/messages';
import { api, isApiError } from '../../../lib/api';
import { staffQueueOptions } from '../../../lib/staff-queue';
import { PENDING_TRANSACTIONS_KEY, UNVERIFIED_USERS_KEY } from '../../../lib/query-keys';

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

/** What the desk's table asks for (docs/decisions/0043-languages.md): a sorted, filtered page; the server sorts and cuts it. */
export interface PendingTableParams {
  sort: PendingTransactionSort | undefined;
  order: 'asc' | 'desc';
  transaction_type: 'deposit' | 'withdrawal' | undefined;
  currency: string;
  user: string;
  page: number;
}

export const PENDING_TABLE_PAGE_SIZE = 20;

const pendingTableQuery = (params: PendingTableParams) => ({
  // Under PENDING_TRANSACTIONS_KEY, so a decision reloads the table with the queue.
  queryKey: [...PENDING_TRANSACTIONS_KEY, 'table', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('/api-v3/admin/pending-transactions/', {
      schema: pendingTransactions,
      query: {
        sort: params.sort,
        order: params.sort ? params.order : undefined,
        transaction_type: params.transaction_type,
        currency: params.currency || undefined,
        user: params.user || undefined,
        page: params.page,
        limit: PENDING_TABLE_PAGE_SIZE,
      },
      signal,
    }),
  placeholderData: keepPreviousData,
  staleTime: 0,
});

/**
 * One page of the table, and whether a next one exists: the answer is a plain list without a total
 * (docs/decisions/0020), so the next page is asked for too (it is small, and shown at once on Next).
 */
export function usePendingTable(params: PendingTableParams) {
  const current = useQuery(pendingTableQuery(params));
  const next = useQuery({
    ...pendingTableQuery({ ...params, page: params.page + 1 }),
    enabled: current.data?.length === PENDING_TABLE_PAGE_SIZE,
  });
  return { current, hasNext: current.data?.length === PENDING_TABLE_PAGE_SIZE && (next.data?.length ?? 0) > 0 };
}

export function useReviewTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, action, reason }: { transactionId: number } & TransactionVerificationBody) =>
      api.post(
        '/api-v3/admin/transactions-verification/',
        // Staff's reason for a Reject (docs/decisions/0062-money-screens.md).
        reason === undefined ? { action } : { action, reason },
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
