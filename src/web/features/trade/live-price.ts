/**
 * The selected pair's price on the Lever screen: one read of the 24-hour ticker, then the ticker
 * stream, which carries the same price, change and 24-hour high, low and volume; the 3 s poll of
 * docs/product.md 7 runs only while the socket is down (docs/decisions/0071-lever-screen-push.md).
 * Whichever arrived last wins, so a stalled stream never hides a fresher poll and a slow poll never
 * rolls back a streamed price. USDO has no market ticker: its
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
  /** The 24-hour statistics of the stream event (h, l, q), when it carries them. */
  stats: Partial<Pick<Ticker24h, 'highPrice' | 'lowPrice' | 'quoteVolume'>>;
  at: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function streamedOf(symbol: string, data: unknown): Streamed | null {
  if (typeof data !== 'object' || data === null) return null;
  const { s, c, P, h, l, q } = data as Record<string, unknown>;
  if (s !== symbol || typeof c !== 'string' || typeof P !== 'string') return null;
  const stats = Object.fromEntries(
    Object.entries({ highPrice: text(h), lowPrice: text(l), quoteVolume: text(q) }).filter(([, v]) => v !== undefined),
  );
  return { symbol, price: c, changePercent: P, stats, at: Date.now() };
}

/** Whether the market socket is open now, following its status. */
export function useSocketOpen(): boolean {
  const socket = marketSocket();
  const [open, setOpen] = useState(() => socket.isOpen());
  useEffect(() => socket.onStatus((status) => setOpen(status === 'open')), [socket]);
  return open;
}

export function useLivePrice(symbol: string): LivePrice {
  const inHouse = symbol === IN_HOUSE_SYMBOL;
  const socketOpen = useSocketOpen();
  // The first numbers, then the stream; the poll repeats only while the socket is down.
  const polled = useQuery({
    ...leverPriceQuery(symbol),
    enabled: !inHouse,
    refetchInterval: socketOpen ? false : POLL.leverPrices,
  });
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
    return {
      price: stream.price,
      changePercent: stream.changePercent,
      ticker: ticker && { ...ticker, ...stream.stats },
    };
  }
  return { price: ticker?.lastPrice, changePercent: ticker?.priceChangePercent, ticker };
}
