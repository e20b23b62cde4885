/**
 * A market whose prices the test sets: the seam for money and trade tests. Its exchange view
 * (/api/v3, /ws) shows the same prices as `<COIN>USDT` pairs, so a browser and the server agree.
 */
import type { Ticker24h } from '../../src/shared/api/market.js';
import { SymbolCatalog } from '../../src/server/modules/market/catalog.js';
import { pairRules, symbolInfoOf } from '../../src/server/modules/market/rules.js';
import { TickerSnapshot } from '../../src/server/modules/market/snapshot.js';
import type { ExchangeFeed, MarkPrice, MarketService } from '../../src/server/modules/market/types.js';

export interface FakeMarket extends MarketService {
  /** Set the price of a coin in USDT ('BTC', '65000.5'). */
  set(coin: string, price: string, options?: { stale?: boolean }): void;
  /** Forget a coin, so it has no price at all. */
  remove(coin: string): void;
  /**
   * Give a coin's order book its own best bid and ask (spot orders trade there); `[]` for a side
   * with no level; null: back to one level at the price on both sides.
   */
  setBook(coin: string, book: { bids: string[]; asks: string[] } | null): void;
}

const NOT_EXCHANGE_COINS = new Set(['USDT', 'USDO']);

function flatTicker(symbol: string, price: string, time: number): Ticker24h {
  return {
    symbol,
    priceChange: '0.00000000',
    priceChangePercent: '0.000',
    weightedAvgPrice: price,
    prevClosePrice: price,
    lastPrice: price,
    lastQty: '1.00000000',
    bidPrice: price,
    bidQty: '1.00000000',
    askPrice: price,
    askQty: '1.00000000',
    openPrice: price,
    highPrice: price,
    lowPrice: price,
    volume: '0.00000000',
    quoteVolume: '0.00000000',
    openTime: time - 86_400_000,
    closeTime: time,
    firstId: 0,
    lastId: 0,
    count: 0,
  };
}

export function createFakeMarket(
  initial: Record<string, string> = { USDT: '1', BTC: '60000', ETH: '3000', USDO: '1' },
): FakeMarket {
  const prices = new Map<string, MarkPrice>();
  const books = new Map<string, { bids: string[]; asks: string[] }>();
  const listeners = new Set<() => void>();
  let snapshot: TickerSnapshot | undefined;

  const symbolOf = (coin: string) => `${coin}USDT`;
  const exchangeCoins = () => [...prices.keys()].filter((coin) => !NOT_EXCHANGE_COINS.has(coin));
  const changed = () => {
    snapshot = undefined;
    for (const listener of listeners) listener();
  };

  const set = (coin: string, price: string, options: { stale?: boolean } = {}) => {
    prices.set(coin.toUpperCase(), { price, stale: options.stale ?? false, updatedAt: Date.now() });
    changed();
  };
  for (const [coin, price] of Object.entries(initial)) set(coin, price);

  const exchange: ExchangeFeed = {
    catalog: () =>
      new SymbolCatalog(
        exchangeCoins().map((coin) => {
          const rules = pairRules(symbolOf(coin));
          return rules
            ? symbolInfoOf(rules)
            : {
                symbol: symbolOf(coin),
                status: 'TRADING',
                baseAsset: coin,
                quoteAsset: 'USDT',
                baseAssetPrecision: 8,
                quoteAssetPrecision: 8,
                filters: [],
              };
        }),
      ),
    snapshot: () =>
      (snapshot ??= new TickerSnapshot(
        Date.now(),
        exchangeCoins().map((coin) => flatTicker(symbolOf(coin), prices.get(coin)!.price, Date.now())),
      )),
    lastPrice(symbol) {
      const mark = prices.get(symbol.replace(/USDT$/, ''));
      return mark ? { price: mark.price, time: mark.updatedAt } : null;
    },
    async depth(symbol) {
      const book = books.get(symbol.replace(/USDT$/, ''));
      const level = (price: string): [string, string] => [price, '1.00000000'];
      if (book) return { lastUpdateId: 1, bids: book.bids.map(level), asks: book.asks.map(level) };
      const price = prices.get(symbol.replace(/USDT$/, ''))?.price ?? '0';
      return { lastUpdateId: 1, bids: [[price, '1.00000000']], asks: [[price, '1.00000000']] };
    },
    async klines() {
      return [];
    },
    isStale: (symbol) => prices.get(symbol.replace(/USDT$/, ''))?.stale ?? true,
    async start() {},
    async stop() {},
  };

  return {
    set,
    remove: (coin) => {
      prices.delete(coin.toUpperCase());
      changed();
    },
    setBook(coin, book) {
      if (book) books.set(coin.toUpperCase(), book);
      else books.delete(coin.toUpperCase());
    },
    exchange,
    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async markPrice(coin) {
      return prices.get(coin.toUpperCase()) ?? null;
    },
    async start() {},
    async stop() {},
  };
}
