/**
 * GET /api-v1/trade-history/: closed trades for the history's Closed tab. The fields are docs/product.md 3's
 * "Trade history item", misspellings included (prfit_loss, closed_balanec); schema in shared/api/trade.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeHistory } from '../../../../shared/api/trade';
import { api, isApiError } from '../../../lib/api';
import { tradeKeys } from './keys';

const tradeHistoryQuery = () =>
  queryOptions({
    queryKey: tradeKeys.history,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api-v1/trade-history/', { schema: tradeHistory, signal });
      } catch (error) {
        // docs/product.md 8: a 404 is an empty list, not an error.
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

export const useTradeHistory = (enabled = true) => useQuery({ ...tradeHistoryQuery(), enabled });
