/**
 * GET /api/v3/ticker/price?symbols=...: the USDT prices of many coins at once, for the wallet's
 * USD values, from our server every few seconds. Failures are left to the caller to report once.
 */
import { queryOptions } from '@tanstack/react-query';
import { POLL } from '../../../../shared/constants.js';
import { getJson, MarketRequestError, marketKeys } from './request.js';

const tickerPrices = (query: string) =>
  getJson(`/api/v3/ticker/price?${query}`, (s) => s.tickerPriceList.or(s.tickerPrice.transform((p) => [p])), true);

/**
 * One request for all symbols. The exchange refuses the whole list when one symbol is unknown (a
 * coin held but not traded): then each symbol is asked alone, and the unknown one just has no price.
 */
async function fetchUsdtPrices(symbols: readonly string[]) {
  try {
    return await tickerPrices(`symbols=${encodeURIComponent(JSON.stringify(symbols))}`);
  } catch (error) {
    if (!(error instanceof MarketRequestError && error.status === 400) || symbols.length < 2) throw error;
    const each = await Promise.allSettled(
      symbols.map((symbol) => tickerPrices(`symbol=${encodeURIComponent(symbol)}`)),
    );
    return each.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  }
}

export const usdtPricesQuery = (symbols: readonly string[]) =>
  queryOptions({
    queryKey: marketKeys.usdtPrices(symbols),
    queryFn: () => fetchUsdtPrices(symbols),
    refetchInterval: POLL.assetPrices,
    staleTime: POLL.assetPrices,
  });
