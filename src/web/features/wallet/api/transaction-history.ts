/**
 * GET /api-v1/transcations-history/ (spelled so): the user's deposits, withdrawals and transfers,
 * newest first, optionally of one status (docs/product.md 4: pending, successful, cancel).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionHistory, transactionItem } from '../../../../shared/api/wallet';
import type { TransactionStatus } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { WALLET_KEY } from '../../../lib/query-keys';

/** The most the server answers at once; an asset's record is picked from these. */
const HISTORY_LIMIT = 500;

const transactionHistoryQuery = (status?: TransactionStatus) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'history', status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.get('/api-v1/transcations-history/', {
        query: { status, limit: HISTORY_LIMIT },
        schema: transactionHistory,
        signal,
      }),
  });

export const useTransactionHistory = (status?: TransactionStatus) => useQuery(transactionHistoryQuery(status));

/**
 * GET /api-v1/transactions/:id/: one of the user's own transactions, for the withdrawal status screen
 * (docs/decisions/0062-money-screens.md). While it waits for staff or the network it is read again,
 * so the screen moves on by itself.
 */
export const useTransaction = (id: number | null) =>
  useQuery({
    queryKey: [...WALLET_KEY, 'transaction', id] as const,
    enabled: id !== null,
    queryFn: ({ signal }) => api.get(`/api-v1/transactions/${id}/`, { schema: transactionItem, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 15_000 : false),
    retry: false,
  });
