/**
 * USDT prices of a wallet's currencies, for USD values: USDT is 1, USDO comes from the provider
 * (default-currency), the rest from the exchange-compatible ticker, polled every 3 s. Both reads
 * belong to the market feature. Market failures are only logged (docs/product.md 8): a coin without a
 * usable price simply has no value yet.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IN_HOUSE_COIN, POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import { isUsablePrice } from '../../../../shared/prices';
import { defaultCurrencyQuery, usdtPricesQuery } from '../../market';

/** Prices in USDT by currency; a currency without a known price is absent. */
export function useUsdtPrices(currencies: readonly string[]): Record<string, string> {
  const symbols = [...new Set(currencies)]
    .filter((c) => c !== QUOTE_CURRENCY && c !== IN_HOUSE_COIN)
    .map((c) => `${c}${QUOTE_CURRENCY}`)
    .sort();
  const ticker = useQuery({ ...usdtPricesQuery(symbols), enabled: symbols.length > 0 });
  const usdo = useQuery({
    ...defaultCurrencyQuery(),
    refetchInterval: POLL.assetPrices,
    staleTime: POLL.assetPrices,
    enabled: currencies.includes(IN_HOUSE_COIN),
  });

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
    if (symbol.endsWith(QUOTE_CURRENCY) && isUsablePrice(price))
      prices[symbol.slice(0, -QUOTE_CURRENCY.length)] = price;
  }
  const usdoPrice = usdo.data?.price;
  if (isUsablePrice(usdoPrice)) prices[IN_HOUSE_COIN] = usdoPrice;
  return prices;
}
