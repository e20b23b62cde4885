/**
 * The app's stream socket (lib/market-socket.ts) and a hook for live tickers. By default the market
 * is our own server, and then one socket carries everything: the tickers and, after the LOGIN it
 * sends on every (re)connection, the user's own streams (chat, positions: docs/architecture.md
 * "Realtime"). A build that reads the market from the exchange directly keeps a second socket to
 * our server for the user's streams.
 */
import { useEffect, useState } from 'react';
import { tickerStream } from '../../../shared/market.js';
import { createMarketSocket, type MarketSocket } from '../../lib/market-socket.js';
import { getToken } from '../../lib/session.js';
import { marketBase, marketIsOurServer, ownStreamUrl } from './endpoints.js';

/** LOGIN with the access token, when there is one: user streams need it, tickers do not. */
const login = () => {
  const token = getToken();
  return token ? { method: 'LOGIN', params: [token], id: 'login' } : null;
};

let shared: MarketSocket | undefined;
let ownServer: MarketSocket | undefined;

export function marketSocket(): MarketSocket {
  return (shared ??= createMarketSocket({
    url: async () => (await marketBase()).ws,
    ...(marketIsOurServer() ? { greeting: login } : {}),
  }));
}

/** The socket of the user's own streams (chat, positions): the market socket itself unless the market is direct. */
export function userSocket(): MarketSocket {
  if (marketIsOurServer()) return marketSocket();
  return (ownServer ??= createMarketSocket({
    url: () => ownStreamUrl(),
    greeting: login,
    log: (message, detail) => console.warn(`[user stream] ${message}`, detail ?? ''),
  }));
}

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
