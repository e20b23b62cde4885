/**
 * A tiny stand-in for the public exchange on 127.0.0.1: REST (ticker/24hr, exchangeInfo, depth,
 * klines) and the combined WebSocket stream. Tests set prices, push stream events, go silent,
 * refuse connections or drop them, and count what the server asked for. Like the exchange, every
 * REST answer carries the IP's used request weight (`x-mbx-used-weight-1m`), and a test can make it
 * answer 429 (too many requests) or 418 (banned), with or without Retry-After.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Ticker24h } from '../../src/shared/api/market.js';
import type { ExchangeEndpoints } from '../../src/shared/market-region.js';
import { tickerEvent } from '../../src/server/modules/market/snapshot.js';

export interface FakeExchange {
  endpoints: ExchangeEndpoints;
  /** Set (or add) a symbol's price, seen by REST and by the next `push`. */
  setPrice(symbol: string, price: string): void;
  /** Send a 24hrTicker event for the symbol to every stream connection. */
  push(symbol: string): void;
  /** REST answers 503 while true. */
  restDown: boolean;
  /** REST answers are computed on arrival but sent this many ms later (a slow exchange). */
  restDelayMs: number;
  /** Stream upgrades are refused while true. */
  streamRefused: boolean;
  /** Close every stream connection (as the exchange does after 24 h, or a network blip). */
  dropStreams(): void;
  /**
   * Request weight used "this minute", sent in x-mbx-used-weight-1m; each REST request adds the
   * exchange's weight for it (depth 5 up to limit 100, klines 2, ...). Never resets by itself: a
   * test sets it.
   */
  usedWeight: number;
  /** While set, every REST request is answered with this status (429 or 418) and Retry-After if given. */
  limited: { status: 429 | 418; retryAfter?: string } | null;
  /** Every request path (with query) and stream URL seen, in order. */
  requests: string[];
  /** How many REST requests asked for this path (without query), e.g. '/api/v3/depth'. */
  count(pathname: string): number;
  streamUrls: string[];
  openStreams(): number;
  close(): Promise<void>;
}

function ticker(symbol: string, price: string, time: number): Ticker24h {
  return {
    symbol,
    priceChange: '0.00000000',
    priceChangePercent: '0.000',
    weightedAvgPrice: price,
    prevClosePrice: price,
    lastPrice: price,
    lastQty: '0.10000000',
    bidPrice: price,
    bidQty: '1.00000000',
    askPrice: price,
    askQty: '1.00000000',
    openPrice: price,
    highPrice: price,
    lowPrice: price,
    volume: '100.00000000',
    quoteVolume: '1000.00000000',
    openTime: time - 86_400_000,
    closeTime: time,
    firstId: 1,
    lastId: 100,
    count: 100,
  };
}

export async function startFakeExchange(prices: Record<string, string>): Promise<FakeExchange> {
  const book = new Map(Object.entries(prices));
  const requests: string[] = [];
  const streamUrls: string[] = [];
  const sockets = new Set<WebSocket>();

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const json = JSON.stringify(body);
    const write = () => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-mbx-used-weight': String(fake.usedWeight),
        'x-mbx-used-weight-1m': String(fake.usedWeight),
        ...headers,
      });
      res.end(json);
    };
    if (fake.restDelayMs > 0) setTimeout(write, fake.restDelayMs);
    else write();
  };

  /** The exchange's documented weights (api.binance.com). */
  const weightOf = (url: URL): number => {
    switch (url.pathname) {
      case '/api/v3/depth': {
        const limit = Number(url.searchParams.get('limit') ?? 100);
        return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
      }
      case '/api/v3/klines':
        return 2;
      case '/api/v3/exchangeInfo':
        return 20;
      case '/api/v3/ticker/24hr': {
        const symbols = url.searchParams.get('symbols');
        const n = symbols ? (JSON.parse(symbols) as unknown[]).length : Infinity;
        return n <= 20 ? 2 : n <= 100 ? 40 : 80;
      }
      default:
        return 1;
    }
  };

  const fake = {} as FakeExchange;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    if (fake.restDown) return send(res, 503, { code: -1001, msg: 'Internal error' });
    fake.usedWeight += weightOf(url);
    if (fake.limited) {
      const { status, retryAfter } = fake.limited;
      const msg = status === 418 ? 'Way too many requests; IP banned.' : 'Too many requests.';
      return send(res, status, { code: -1003, msg }, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
    }
    const now = Date.now();
    const listed = (symbol: string) => book.has(symbol);
    switch (url.pathname) {
      case '/api/v3/ticker/24hr': {
        const wanted = url.searchParams.get('symbols');
        const symbols = wanted ? (JSON.parse(wanted) as string[]) : [...book.keys()];
        if (!symbols.every(listed)) return send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
        return send(
          res,
          200,
          symbols.map((s) => ticker(s, book.get(s)!, now)),
        );
      }
      case '/api/v3/exchangeInfo': {
        const symbols = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
        return send(res, 200, {
          timezone: 'UTC',
          serverTime: now,
          symbols: symbols.map((symbol) => ({
            symbol,
            status: 'TRADING',
            baseAsset: symbol.replace(/(USDT|BTC)$/, ''),
            quoteAsset: symbol.endsWith('BTC') ? 'BTC' : 'USDT',
            baseAssetPrecision: 8,
            quoteAssetPrecision: 8,
            filters: [
              {
                filterType: 'PRICE_FILTER',
                minPrice: '0.01000000',
                maxPrice: '1000000.00000000',
                tickSize: '0.01000000',
              },
            ],
            fromUpstream: true,
          })),
        });
      }
      case '/api/v3/depth': {
        const symbol = url.searchParams.get('symbol') ?? '';
        if (!listed(symbol)) return send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
        const price = book.get(symbol)!;
        // As many levels as asked (level i: bid quantity i + 1, ask quantity i + 2), so a cut shows.
        const levels = Math.min(Number(url.searchParams.get('limit') ?? 100), 5000);
        const side = (first: number) =>
          Array.from({ length: levels }, (_, i) => [price, `${first + i}.00000000`] as [string, string]);
        return send(res, 200, { lastUpdateId: 42, bids: side(1), asks: side(2) });
      }
      case '/api/v3/klines': {
        const symbol = url.searchParams.get('symbol') ?? '';
        if (!listed(symbol)) return send(res, 400, { code: -1121, msg: 'Invalid symbol.' });
        const p = book.get(symbol)!;
        return send(res, 200, [[now - 60_000, p, p, p, p, '1.00000000', now - 1, p, 1, '0.50000000', p, '0']]);
      }
      default:
        return send(res, 404, { code: -1, msg: 'not found' });
    }
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    // A client that gives up mid-handshake (a stopped feed) resets this raw socket; that is no test failure.
    socket.on('error', () => undefined);
    streamUrls.push(req.url ?? '');
    if (fake.streamRefused || !(req.url ?? '').startsWith('/stream')) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  Object.assign(fake, {
    endpoints: { rest: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}` },
    restDown: false,
    restDelayMs: 0,
    streamRefused: false,
    usedWeight: 0,
    limited: null,
    requests,
    count: (pathname: string) => requests.filter((r) => r === pathname || r.startsWith(`${pathname}?`)).length,
    streamUrls,
    setPrice: (symbol: string, price: string) => void book.set(symbol, price),
    push(symbol: string) {
      const now = Date.now();
      // The event shape the server's own stream sends (one definition for both).
      const data = tickerEvent(ticker(symbol, book.get(symbol)!, now), now);
      const frame = JSON.stringify({ stream: `${symbol.toLowerCase()}@ticker`, data });
      for (const ws of sockets) ws.send(frame);
    },
    dropStreams: () => sockets.forEach((ws) => ws.terminate()),
    openStreams: () => sockets.size,
    close: async () => {
      sockets.forEach((ws) => ws.terminate());
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return fake;
}
