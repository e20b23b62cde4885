/** Candles for the Lever screen's chart. */
import { queryOptions } from '@tanstack/react-query';
import type { KlineInterval } from '../../../../shared/market.js';
import { common, getJson, logged, marketKeys } from './request.js';

const fetchKlines = (symbol: string, interval: KlineInterval, limit = 100) =>
  getJson(
    `/api/v3/klines?symbol=${encodeURIComponent(symbol)}&interval=${interval}&limit=${limit}`,
    (s) => s.klineList,
  );

export const klinesQuery = (symbol: string, interval: KlineInterval, limit = 100) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.klines(symbol, interval, limit),
    queryFn: () => logged(`klines ${symbol}`, () => fetchKlines(symbol, interval, limit)),
    staleTime: 30_000,
  });
