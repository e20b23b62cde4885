/**
 * The selected pair's price on the Lever screen: the 24-hour ticker polled every 3 s (docs/product.md 7)
 * and the ticker stream in between; whichever arrived last wins, so a stalled stream never hides
 * a fresher poll and a slow poll never rolls back a streamed price.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Ticker24h } from '../../../shared/api/market';
import { tickerStream } from '../../../shared/market';
import { marketSocket } from '../../lib/sockets';
import { leverPriceQuery } from '../market';

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
  const polled = useQuery(leverPriceQuery(symbol));
  const [streamed, setStreamed] = useState<Streamed | null>(null);

  useEffect(
    () =>
      marketSocket().subscribe(tickerStream(symbol), (data) => {
        const next = streamedOf(symbol, data);
        if (next) setStreamed(next);
      }),
    [symbol],
  );

  const ticker = polled.data?.symbol === symbol ? polled.data : undefined;
  const stream = streamed?.symbol === symbol ? streamed : null;
  if (stream && (!ticker || stream.at >= polled.dataUpdatedAt)) {
    return { price: stream.price, changePercent: stream.changePercent, ticker };
  }
  return { price: ticker?.lastPrice, changePercent: ticker?.priceChangePercent, ticker };
}
