/**
 * USDT prices of a wallet's currencies, for USD values: USDT is 1, USDO comes from the provider
 * (default-currency), the rest from the market WebSocket's {symbol}@ticker streams as docs/product.md
 * section 7 says ("the wallet's assets on the assets page"), over one REST read of the exchange-compatible
 * ticker for the first numbers. Only while the socket is down does that read repeat (every 3 s) in its
 * place (docs/decisions/0062-money-screens.md). Both reads belong to the market feature. Market failures
 * are only logged (docs/product.md 8): a coin without a usable price simply has no value yet.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IN_HOUSE_COIN, POLL, QUOTE_CURRENCY } from '../../../../shared/constants';
import { isUsablePrice } from '../../../../shared/prices';
import { marketSocket } from '../../../lib/sockets';
import { defaultCurrencyQuery, usdtPricesQuery, useTickerStream } from '../../market';

/** Whether the market socket is open now, following its status. */
function useSocketOpen(): boolean {
  const socket = marketSocket();
  const [open, setOpen] = useState(() => socket.isOpen());
  useEffect(() => {
    return socket.onStatus((status) => setOpen(status === 'open'));
  }, [socket]);
  return open;
}

/** Prices in USDT by currency; a currency without a known price is absent. */
export function useUsdtPrices(currencies: readonly string[]): Record<string, string> {
  const symbols = [...new Set(currencies)]
    .filter((c) => c !== QUOTE_CURRENCY && c !== IN_HOUSE_COIN)
    .map((c) => `${c}${QUOTE_CURRENCY}`)
    .sort();
  const live = useTickerStream(symbols);
  const socketOpen = useSocketOpen();
  // The first numbers, then the stream; the REST read repeats only while the socket is down.
  const ticker = useQuery({
    ...usdtPricesQuery(symbols),
    enabled: symbols.length > 0,
    refetchInterval: socketOpen ? false : POLL.assetPrices,
    staleTime: socketOpen ? Infinity : POLL.assetPrices,
  });
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
  for (const { symbol, lastPrice } of Object.values(live)) {
    if (symbol.endsWith(QUOTE_CURRENCY) && isUsablePrice(lastPrice))
      prices[symbol.slice(0, -QUOTE_CURRENCY.length)] = lastPrice;
  }
  const usdoPrice = usdo.data?.price;
  if (isUsablePrice(usdoPrice)) prices[IN_HOUSE_COIN] = usdoPrice;
  return prices;
}
