/** A hook for live tickers on the app's stream socket (lib/sockets.ts). */
import { useEffect, useState } from 'react';
import { tickerStream } from '../../../shared/market.js';
import type { MarketSocket } from '../../lib/market-socket.js';
import { marketSocket } from '../../lib/sockets.js';

/** What a screen shows of a live ticker (docs/product.md section 3: symbol, lastPrice, priceChangePercent). */
export interface LiveTicker {
  symbol: string;
  lastPrice: string;
  priceChangePercent: string;
}

function liveTickerOf(data: unknown): LiveTicker | null {
  if (typeof data !== 'object' || data === null) return null;
  const { s, c, P } = data as Record<string, unknown>;
  return typeof s === 'string' && typeof c === 'string' && typeof P === 'string'
    ? { symbol: s, lastPrice: c, priceChangePercent: P }
    : null;
}

/** Renders at most this often however many streams update. */
const RENDER_EVERY_MS = 200;

/** Live tickers of some symbols by symbol; a symbol is absent until its first event. */
export function useTickerStream(
  symbols: readonly string[],
  socket: MarketSocket = marketSocket(),
): Record<string, LiveTicker> {
  const [tickers, setTickers] = useState<Record<string, LiveTicker>>({});
  const key = symbols.join(',');

  useEffect(() => {
    const pending: Record<string, LiveTicker> = {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const updates = { ...pending };
      for (const symbol of Object.keys(pending)) delete pending[symbol];
      setTickers((current) => ({ ...current, ...updates }));
    };
    const stops = (key === '' ? [] : key.split(',')).map((symbol) =>
      socket.subscribe(tickerStream(symbol), (data) => {
        const ticker = liveTickerOf(data);
        if (!ticker) return;
        pending[ticker.symbol] = ticker;
        timer ??= setTimeout(flush, RENDER_EVERY_MS);
      }),
    );
    return () => {
      stops.forEach((stop) => stop());
      clearTimeout(timer);
    };
  }, [key, socket]);

  return tickers;
}
