/**
 * GET /api-v1/transcations-history/ (spelled so): the user's deposits, withdrawals and transfers,
 * newest first, optionally of one status (docs/product.md 4: pending, successful, cancel).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionHistory } from '../../../../shared/api/wallet';
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
