/** The Lever screen's order book. */
import { queryOptions } from '@tanstack/react-query';
import { ORDER_BOOK_LEVELS, POLL } from '../../../../shared/constants.js';
import { common, getJson, logged, marketKeys } from './request.js';

export const fetchOrderBook = (symbol: string, limit: number = ORDER_BOOK_LEVELS) =>
  getJson(`/api/v3/depth?symbol=${encodeURIComponent(symbol)}&limit=${limit}`, (s) => s.orderBook);

/** Lever screen order book (5 levels), refreshed with the prices. */
export const orderBookQuery = (symbol: string, limit: number = ORDER_BOOK_LEVELS) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.orderBook(symbol, limit),
    queryFn: () => logged(`order book ${symbol}`, () => fetchOrderBook(symbol, limit)),
    refetchInterval: POLL.leverPrices,
  });
