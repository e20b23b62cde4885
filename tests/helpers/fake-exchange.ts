/**
 * A tiny stand-in for the public exchange on 127.0.0.1: REST (ticker/24hr, exchangeInfo, depth,
 * klines) and the combined WebSocket stream. Tests set prices, push stream events, go silent,
 * refuse connections or drop them, and count what the server asked for.
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
  /** Stream upgrades are refused while true. */
  streamRefused: boolean;
  /** Close every stream connection (as the exchange does after 24 h, or a network blip). */
  dropStreams(): void;
  /** Every request path (with query) and stream URL seen, in order. */
  requests: string[];
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

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const fake = {} as FakeExchange;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${url.pathname}${url.search}`);
    if (fake.restDown) return send(res, 503, { code: -1001, msg: 'Internal error' });
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
        return send(res, 200, { lastUpdateId: 42, bids: [[price, '1.00000000']], asks: [[price, '2.00000000']] });
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
    streamRefused: false,
    requests,
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
