/**
 * USDT prices of a wallet's currencies, for USD values: USDT is 1, USDO comes from the provider
 * (default-currency), the rest from the exchange-compatible ticker, polled every 3 s until the
 * shared price stream is wired. Market failures are only logged (SPEC.md 8): a coin without a
 * price simply has no value yet.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IN_HOUSE_COIN, POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import { api, isApiError } from '../../../lib/api';
import { defaultCurrency, tickerPrice, tickerPriceList } from '../../../../shared/api/market';

const tickerPrices = (query: Record<string, string>, signal: AbortSignal) =>
  api.get('/api/v3/ticker/price', {
    auth: false,
    query,
    schema: tickerPriceList.or(tickerPrice.transform((p) => [p])),
    signal,
  });

/**
 * One request for all symbols. The exchange refuses the whole list when one symbol is unknown (a
 * coin held but not traded): then each symbol is asked alone, and the unknown one just has no price.
 */
async function fetchTickerPrices(symbols: readonly string[], signal: AbortSignal) {
  try {
    return await tickerPrices({ symbols: JSON.stringify(symbols) }, signal);
  } catch (error) {
    if (!(isApiError(error) && error.status === 400) || symbols.length < 2) throw error;
    const each = await Promise.allSettled(symbols.map((symbol) => tickerPrices({ symbol }, signal)));
    return each.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  }
}

export const tickerPricesQuery = (symbols: readonly string[]) =>
  queryOptions({
    queryKey: ['market', 'ticker-price', symbols] as const,
    queryFn: ({ signal }) => fetchTickerPrices(symbols, signal),
    refetchInterval: POLL.assetPrices,
    staleTime: POLL.assetPrices,
  });

export const defaultCurrencyQuery = () =>
  queryOptions({
    queryKey: ['market', 'default-currency'] as const,
    queryFn: ({ signal }) => api.get('/api-v1/default-currency/', { auth: false, schema: defaultCurrency, signal }),
    refetchInterval: POLL.assetPrices,
    staleTime: POLL.assetPrices,
  });

/** A usable price: a plain positive decimal (the ticker pads with zeros: "65000.10000000"). */
const usable = (price: string | undefined): price is string =>
  price !== undefined && /^\d+(\.\d+)?$/.test(price) && !/^0+(\.0+)?$/.test(price);

/** Prices in USDT by currency; a currency without a known price is absent. */
export function useUsdtPrices(currencies: readonly string[]): Record<string, string> {
  const symbols = [...new Set(currencies)]
    .filter((c) => c !== QUOTE_CURRENCY && c !== IN_HOUSE_COIN)
    .map((c) => `${c}${QUOTE_CURRENCY}`)
    .sort();
  const ticker = useQuery({ ...tickerPricesQuery(symbols), enabled: symbols.length > 0 });
  const usdo = useQuery({ ...defaultCurrencyQuery(), enabled: currencies.includes(IN_HOUSE_COIN) });

  // Logged once when the failure starts, not on every poll.
  const tickerFailed = ticker.isError;
  const usdoFailed = usdo.isError;
  useEffect(() => {
    if (tickerFailed) console.warn('Market prices are unavailable; USD values wait for them.');
  }, [tickerFailed]);
  useEffect(() => {
    if (usdoFailed) console.warn('The USDO price is unavailable; its USD value waits for it.');
  }, [usdoFailed]);

  const prices: Record<string, string> = { [QUOTE_CURRENCY]: '1' };
  for (const { symbol, price } of ticker.data ?? []) {
    if (symbol.endsWith(QUOTE_CURRENCY) && usable(price)) prices[symbol.slice(0, -QUOTE_CURRENCY.length)] = price;
  }
  const usdoPrice = usdo.data?.price;
  if (usable(usdoPrice)) prices[IN_HOUSE_COIN] = usdoPrice;
  return prices;
}
