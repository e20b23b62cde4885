/** What the rest of the server may ask of the market service (docs/architecture.md section 7). */
import type { Kline, OrderBook } from '../../../shared/api/market.js';
import type { KlineInterval } from '../../../shared/market.js';
import type { SymbolCatalog } from './catalog.js';
import type { TickerSnapshot } from './snapshot.js';

export interface MarkPrice {
  /** Last price in USDT, a decimal string. */
  price: string;
  /** True when the feed has been silent too long to trust this price. */
  stale: boolean;
  /** When the price was observed (ms since epoch). */
  updatedAt: number;
  /**
   * The mark is still walking toward the raw price (market/walk.ts, docs/decisions/0019): set by a
   * walked market; absent means it is at the raw price.
   */
  walking?: boolean;
}

export interface KlineQuery {
  symbol: string;
  interval: KlineInterval;
  /** Candles opening at or after this time (ms). */
  startTime?: number;
  /** Candles opening at or before this time (ms). */
  endTime?: number;
  limit: number;
}

/** The exchange-compatible market data behind /api/v3 and the ticker streams of /ws. */
export interface ExchangeFeed {
  /** The symbols we quote, with their trading rules. */
  catalog(): SymbolCatalog;
  /** 24-hour tickers of this moment: one object per tick, its serialisations made once. */
  snapshot(): TickerSnapshot;
  /** The last price of a symbol and when it was observed (ms), without building a snapshot. */
  lastPrice(symbol: string): { price: string; time: number } | null;
  /** Order book of a catalogued symbol; `limit` levels at most. */
  depth(symbol: string, limit: number): Promise<OrderBook>;
  klines(query: KlineQuery): Promise<Kline[]>;
  /** True when a symbol's price can't be trusted (the feed has been silent). */
  isStale(symbol: string): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface MarketService {
  /**
   * Mark price of a coin against USDT ('BTC' -> BTCUSDT), walked toward the feed's price in steps the
   * risk engine sees (walk.ts). USDO walks toward the staff's price. null: unknown coin.
   */
  markPrice(coin: string): Promise<MarkPrice | null>;
  /** The exchange-compatible view (HTTP /api/v3, WebSocket ticker streams). */
  readonly exchange: ExchangeFeed;
  /** Called after every price tick (each second while started). Returns a function that stops the calls. */
  onTick(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
