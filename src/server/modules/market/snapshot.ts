/**
 * The 24-hour tickers of one tick. Many clients poll these endpoints and the stream pushes them
 * every second, so each serialisation (the whole list, one symbol, one stream event) is made at
 * most once per snapshot and then reused for every request of that tick.
 */
import type { Ticker24h } from '../../../shared/api/market.js';

/** A ticker as the exchange's `<symbol>@ticker` stream event ('24hrTicker'), observed at `time` (ms). */
export function tickerEvent(t: Ticker24h, time: number) {
  return {
    e: '24hrTicker',
    E: time,
    s: t.symbol,
    p: t.priceChange,
    P: t.priceChangePercent,
    w: t.weightedAvgPrice,
    x: t.prevClosePrice,
    c: t.lastPrice,
    Q: t.lastQty,
    b: t.bidPrice,
    B: t.bidQty,
    a: t.askPrice,
    A: t.askQty,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
    O: t.openTime,
    C: t.closeTime,
    F: t.firstId,
    L: t.lastId,
    n: t.count,
  };
}

/** A ticker as the exchange's `<symbol>@miniTicker` stream event ('24hrMiniTicker'). */
function miniTickerEvent(t: Ticker24h, time: number) {
  return {
    e: '24hrMiniTicker',
    E: time,
    s: t.symbol,
    c: t.lastPrice,
    o: t.openPrice,
    h: t.highPrice,
    l: t.lowPrice,
    v: t.volume,
    q: t.quoteVolume,
  };
}

/** At most this many `?symbols=` list bodies kept per snapshot (one snapshot a tick). */
const LIST_CACHE_SIZE = 64;

export class TickerSnapshot {
  private readonly bySymbol = new Map<string, Ticker24h>();
  private readonly tickerJson = new Map<string, string>();
  private readonly priceJson = new Map<string, string>();
  private readonly eventJson = new Map<string, string>();
  private readonly miniEventJson = new Map<string, string>();
  private allEventsJson: string | undefined;
  private allMiniEventsJson: string | undefined;
  private allTickersJson: string | undefined;
  private allPricesJson: string | undefined;
  /**
   * `?symbols=` list bodies made for this snapshot (the coin-list poll asks the same list of every
   * screen; docs/decisions/0059-cpu-per-trader.md), by kind and list. Bounded: lists are the
   * client's choice, so past LIST_CACHE_SIZE a new list is joined per request as before.
   */
  private readonly listJson = new Map<string, string>();

  /** @param time when the tickers were observed (ms); the event time of stream frames. */
  constructor(
    readonly time: number,
    readonly tickers: readonly Ticker24h[],
  ) {
    for (const ticker of tickers) this.bySymbol.set(ticker.symbol, ticker);
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  ticker(symbol: string): Ticker24h | undefined {
    return this.bySymbol.get(symbol);
  }

  /** One symbol's ticker as JSON ('' when absent). */
  tickerJsonOf(symbol: string): string {
    return this.jsonOf(this.tickerJson, symbol, (ticker) => ticker);
  }

  /** A list of tickers: all of them, or the given symbols in the given order. */
  tickersJson(symbols?: readonly string[]): string {
    if (!symbols)
      return (this.allTickersJson ??= `[${this.tickers.map((t) => this.tickerJsonOf(t.symbol)).join(',')}]`);
    return this.listOf('t', symbols, (s) => this.tickerJsonOf(s));
  }

  priceJsonOf(symbol: string): string {
    return this.jsonOf(this.priceJson, symbol, (ticker) => ({ symbol, price: ticker.lastPrice }));
  }

  pricesJson(symbols?: readonly string[]): string {
    if (!symbols) return (this.allPricesJson ??= `[${this.tickers.map((t) => this.priceJsonOf(t.symbol)).join(',')}]`);
    return this.listOf('p', symbols, (s) => this.priceJsonOf(s));
  }

  /** A list body: the symbols' JSON in their order, absent ones left out; made once per snapshot. */
  private listOf(kind: string, symbols: readonly string[], jsonOf: (symbol: string) => string): string {
    const key = `${kind}${symbols.join(',')}`;
    let json = this.listJson.get(key);
    if (json === undefined) {
      json = `[${symbols.map(jsonOf).filter(Boolean).join(',')}]`;
      if (this.listJson.size < LIST_CACHE_SIZE) this.listJson.set(key, json);
    }
    return json;
  }

  /** The `<symbol>@ticker` stream event ('24hrTicker'), or '' when the symbol is absent. */
  tickerEventJson(symbol: string): string {
    return this.jsonOf(this.eventJson, symbol, (ticker) => tickerEvent(ticker, this.time));
  }

  /** The `<symbol>@miniTicker` stream event ('24hrMiniTicker'), or '' when the symbol is absent. */
  miniTickerEventJson(symbol: string): string {
    return this.jsonOf(this.miniEventJson, symbol, (ticker) => miniTickerEvent(ticker, this.time));
  }

  /** The `!ticker@arr` stream event: every symbol's 24hrTicker event in one array. */
  tickerEventsJson(): string {
    return (this.allEventsJson ??= `[${this.tickers.map((t) => this.tickerEventJson(t.symbol)).join(',')}]`);
  }

  /** The `!miniTicker@arr` stream event: every symbol's 24hrMiniTicker event in one array. */
  miniTickerEventsJson(): string {
    return (this.allMiniEventsJson ??= `[${this.tickers.map((t) => this.miniTickerEventJson(t.symbol)).join(',')}]`);
  }

  /** One symbol's `shape` as JSON, made once per snapshot and kept in `cache` ('' when absent). */
  private jsonOf(cache: Map<string, string>, symbol: string, shape: (ticker: Ticker24h) => unknown): string {
    let json = cache.get(symbol);
    if (json === undefined) {
      const ticker = this.bySymbol.get(symbol);
      json = ticker ? JSON.stringify(shape(ticker)) : '';
      cache.set(symbol, json);
    }
    return json;
  }
}
