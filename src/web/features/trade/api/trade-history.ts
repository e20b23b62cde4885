/**
 * GET /api-v1/trade-history/: closed trades for the history's Closed tab. The fields are docs/product.md 3's
 * "Trade history item", misspellings included (prfit_loss, closed_balanec); schema in shared/api/trade.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeHistory } from '../../../../shared/api/trade';
import { api, isApiError } from '../../../lib/api';
import { tradeKeys } from './keys';

/**
 * Which finished trades: the Closed tab's closed and liquidated ones, the revoked tab's cancelled
 * orders (docs/decisions/0025-trade-protection.md), or all of them.
 */
export type TradeHistoryKind = 'closed' | 'revoked' | 'all';
const STATUS_QUERY: Record<TradeHistoryKind, string> = {
  closed: '?status=closed,liquidated',
  revoked: '?status=cancelled',
  all: '',
};

const tradeHistoryQuery = (kind: TradeHistoryKind) =>
  queryOptions({
    queryKey: [...tradeKeys.history, kind],
    queryFn: async ({ signal }) => {
      try {
        return await api.get(`/api-v1/trade-history/${STATUS_QUERY[kind]}`, { schema: tradeHistory, signal });
      } catch (error) {
        // docs/product.md 8: a 404 is an empty list, not an error.
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

export const useTradeHistory = (kind: TradeHistoryKind = 'all', enabled = true) =>
  useQuery({ ...tradeHistoryQuery(kind), enabled });
