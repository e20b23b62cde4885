/**
 * The selected pair's price on the Lever screen: the 24-hour ticker polled every 3 s (docs/product.md 7)
 * and the ticker stream in between; whichever arrived last wins, so a stalled stream never hides
 * a fresher poll and a slow poll never rolls back a streamed price. USDO has no market ticker: its
 * price is our server's (GET /api-v1/default-currency/), polled as often (docs/decisions/0061-trade-form.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Ticker24h } from '../../../shared/api/market';
import { IN_HOUSE_COIN, POLL, QUOTE_CURRENCY } from '../../../shared/constants';
import { tickerStream } from '../../../shared/market';
import { marketSocket } from '../../lib/sockets';
import { defaultCurrencyQuery, leverPriceQuery } from '../market';

const IN_HOUSE_SYMBOL = `${IN_HOUSE_COIN}${QUOTE_CURRENCY}`;

export interface LivePrice {
  /** Last price; undefined until the first quote. */
  price: string | undefined;
  changePercent: string | undefined;
  /** The polled 24-hour statistics (high, low, volume). */
  ticker: Ticker24h | undefined;
}

interface Streamed {
  symbol: string;
  price: string;
  changePercent: string;
  at: number;
}

function streamedOf(symbol: string, data: unknown): Streamed | null {
  if (typeof data !== 'object' || data === null) return null;
  const { s, c, P } = data as Record<string, unknown>;
  if (s !== symbol || typeof c !== 'string' || typeof P !== 'string') return null;
  return { symbol, price: c, changePercent: P, at: Date.now() };
}

export function useLivePrice(symbol: string): LivePrice {
  const inHouse = symbol === IN_HOUSE_SYMBOL;
  const polled = useQuery({ ...leverPriceQuery(symbol), enabled: !inHouse });
  const house = useQuery({ ...defaultCurrencyQuery(), enabled: inHouse, refetchInterval: POLL.leverPrices });
  const [streamed, setStreamed] = useState<Streamed | null>(null);

  useEffect(() => {
    if (inHouse) return undefined;
    return marketSocket().subscribe(tickerStream(symbol), (data) => {
      const next = streamedOf(symbol, data);
      if (next) setStreamed(next);
    });
  }, [symbol, inHouse]);

  if (inHouse) return { price: house.data?.price, changePercent: undefined, ticker: undefined };

  const ticker = polled.data?.symbol === symbol ? polled.data : undefined;
  const stream = streamed?.symbol === symbol ? streamed : null;
  if (stream && (!ticker || stream.at >= polled.dataUpdatedAt)) {
    return { price: stream.price, changePercent: stream.changePercent, ticker };
  }
  return { price: ticker?.lastPrice, changePercent: ticker?.priceChangePercent, ticker };
}
