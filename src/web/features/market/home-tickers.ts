/**
 * Home's coins: the 24-hour REST list first (and as the fallback when the socket is down), with
 * each streamed coin's latest event on top of it. Only symbol, last price and change travel on,
 * so rows compare by value and a tick re-renders only the rows whose numbers changed.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Ticker24h } from '../../../shared/api/market.js';
import { HOME_STREAM_SYMBOLS, HOME_SYMBOLS } from '../../../shared/market.js';
import { homeTickersQuery } from './api/tickers.js';
import { useTickerStream, type LiveTicker } from './stream.js';

const slim = (tickers: Ticker24h[]): LiveTicker[] =>
  tickers.map(({ symbol, lastPrice, priceChangePercent }) => ({ symbol, lastPrice, priceChangePercent }));

/** `symbols` in order, each from the stream when it has spoken, else from REST; unknown ones left out. */
export function mergeLiveTickers(
  symbols: readonly string[],
  rest: readonly LiveTicker[] | undefined,
  live: Readonly<Record<string, LiveTicker>>,
): LiveTicker[] {
  const fromRest = new Map((rest ?? []).map((t) => [t.symbol, t]));
  return symbols.flatMap((symbol) => live[symbol] ?? fromRest.get(symbol) ?? []);
}

export function useHomeTickers(): LiveTicker[] {
  // `slim` is one function for the life of the app, so the query memoises the selection and
  // shares unchanged objects between refetches.
  const { data } = useQuery({ ...homeTickersQuery(), select: slim });
  const live = useTickerStream(HOME_STREAM_SYMBOLS);
  return useMemo(() => mergeLiveTickers(HOME_SYMBOLS, data, live), [data, live]);
}
