/** 24-hour statistics of many pairs: the Markets list, Home's coins and the Lever coin list. */
import { queryOptions } from '@tanstack/react-query';
import { POLL } from '../../../../shared/constants.js';
import { HOME_SYMBOLS, MAIN_SYMBOLS } from '../../../../shared/market.js';
import { common, getJson, logged, marketKeys, symbolsParam } from './request.js';

export const fetchTickers = (symbols?: readonly string[]) =>
  getJson(
    symbols ? `/api/v3/ticker/24hr?symbols=${symbolsParam(symbols)}` : '/api/v3/ticker/24hr',
    (s) => s.ticker24hList,
  );

/** Markets screen: every pair, refreshed every 5 s. */
export const marketTickersQuery = (symbols?: readonly string[]) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(symbols),
    queryFn: () => logged('tickers', () => fetchTickers(symbols)),
    refetchInterval: POLL.markets,
  });

/**
 * Home's 40 coins over REST: the first data, and the only data of the 20 coins without a stream.
 * docs/product.md gives Home no interval; 10 s keeps those 20 (and all 40 when the socket is down) fresh
 * enough while the stream carries the coins that move on screen.
 */
const HOME_LIST_REFRESH_MS = 10_000;

export const homeTickersQuery = () =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(HOME_SYMBOLS),
    queryFn: () => logged('home tickers', () => fetchTickers(HOME_SYMBOLS)),
    refetchInterval: HOME_LIST_REFRESH_MS,
  });

/** A coin selector's list (the Lever screen's main symbols by default, the Exchange screen's spot pairs), every 10 s. */
export const leverCoinListQuery = (symbols: readonly string[] = MAIN_SYMBOLS) =>
  queryOptions({
    ...common,
    queryKey: marketKeys.tickers(symbols),
    queryFn: () => logged('coin list', () => fetchTickers(symbols)),
    refetchInterval: POLL.leverCoinList,
  });
