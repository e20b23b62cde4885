/** One pair's 24-hour statistics: the Lever screen's selected coin. */
import { queryOptions } from '@tanstack/react-query';
import { POLL } from '../../../../shared/constants.js';
import { common, getJson, logged, marketKeys } from './request.js';

export const fetchTicker = (symbol: string) =>
  getJson(`/api/v3/ticker/24hr?symbol=${encodeURIComponent(symbol)}`, (s) => s.ticker24h);

/** Lever screen price of the selected coin, every 3 s. */
export const leverPriceQuery = (symbol: string) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.ticker(symbol),
    queryFn: () => logged(`ticker ${symbol}`, () => fetchTicker(symbol)),
    refetchInterval: POLL.leverPrices,
  });
