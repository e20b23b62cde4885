/**
 * GET /api-v1/trade-history/: closed trades for the history's Closed tab. The fields are SPEC.md 3's
 * "Trade history item", misspellings included (prfit_loss, closed_balanec). The schema moves to
 * src/shared/api/trade.ts with the trades capability; it reads only what this screen shows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api';

const tradeHistoryItem = z.object({
  trade_id: z.number(),
  coin: z.string(),
  prfit_loss: z.string(),
  starting_price: z.string(),
  trading_balance: z.string(),
  closed_balanec: z.string(),
  history: z.array(z.object({ price_at_time: z.string(), created_at: z.string() })),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  trade_type: z.enum(['buy', 'sell']).optional(),
  hands: z.string().optional(),
  /** closed, liquidated, or cancelled (a limit order revoked before it filled). */
  status: z.string().optional(),
});
export type TradeHistoryItem = z.infer<typeof tradeHistoryItem>;
const tradeHistory = z.array(tradeHistoryItem);

export const tradeHistoryQuery = () =>
  queryOptions({
    queryKey: ['trades', 'history'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api-v1/trade-history/', { schema: tradeHistory, signal });
      } catch (error) {
        // SPEC.md 8: a 404 is an empty list, not an error.
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

export const useTradeHistory = (enabled = true) => useQuery({ ...tradeHistoryQuery(), enabled });
