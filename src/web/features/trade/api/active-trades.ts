/**
 * GET /api-v1/get-active-trades/: open trades and pending limit orders with live P/L from the
 * server. The server pushes the same list (positions-push.ts); the 1 s poll of docs/product.md 7 runs
 * only while that push is not live. Structural sharing keeps a trade whose numbers did not change
 * the same object, so its memoised row does not render again.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { activeTrades, type TradeItem } from '../../../../shared/api/trade';
import { POLL } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import type { MarketSocket } from '../../../lib/market-socket';
import { tradeKeys } from './keys';
import { usePositionsPush } from './positions-push';

const fetchActiveTrades = (signal?: AbortSignal) =>
  api.get('/api-v1/get-active-trades/', { schema: activeTrades, signal });

const activeTradesQuery = (pushed: boolean) =>
  queryOptions({
    queryKey: tradeKeys.active,
    queryFn: ({ signal }) => fetchActiveTrades(signal),
    refetchInterval: pushed ? false : POLL.activeTrades,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

/** The list, polled every second unless `pushed` (the positions stream is live). */
export const useActiveTrades = (pushed = false) => useQuery(activeTradesQuery(pushed));

/**
 * The Lever screen's open orders: pushed over the user's socket, polled only while it is down;
 * `pushed` while the push is live.
 */
export function useLeverPositions(socket?: MarketSocket) {
  const pushed = usePositionsPush(socket);
  return { trades: useActiveTrades(pushed), pushed };
}

/** Put a freshly priced trade into the list at once (until the next poll brings the same). */
export function mergeActiveTrade(client: QueryClient, trade: TradeItem): void {
  client.setQueryData<TradeItem[]>(tradeKeys.active, (list) =>
    list?.map((item) => (item.trade_id === trade.trade_id && trade.status === item.status ? trade : item)),
  );
}

/** Take a trade that was just closed or cancelled off the list without waiting for the poll. */
export function dropActiveTrade(client: QueryClient, tradeId: number): void {
  client.setQueryData<TradeItem[]>(tradeKeys.active, (list) => list?.filter((item) => item.trade_id !== tradeId));
}
