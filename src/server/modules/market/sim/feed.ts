/**
 * The built-in market simulator (MARKET_SOURCE=sim, the default): offline, and deterministic for a
 * given secret (the installation's DATA_DIR/market-secret, or MARKET_SEED when set: config.ts
 * `marketSecret`). Every number is a pure function of (secret, symbol, second); the secret enters
 * once at start, through HMAC-SHA256, as one 32-bit key per asset and per pair (random.ts `keyOf`):
 * - prices: each asset follows its own seeded walk in USDT (walk.ts); a pair's price is base / quote
 *   rounded to its tick, so cross pairs agree with the USDT pairs (ETHBTC = ETHUSDT / BTCUSDT);
 * - 24-hour statistics: open is the price 24 h ago, high / low / volumes come from the price at
 *   every minute boundary of the window (kept per asset and shifted as minutes pass) plus open
 *   and last, so low <= open, last <= high always holds;
 * - the order book and klines are derived from the same path with seeded quantities.
 */
import type { Kline, OrderBook, Ticker24h } from '../../../../shared/api/market.js';
import { MARKET_ASSETS, type KlineInterval, KLINE_INTERVALS } from '../../../../shared/market.js';
import { SymbolCatalog } from '../catalog.js';
import { BOOK_LEVELS } from '../depth.js';
import { candleOpens, nextCandleOpen } from '../intervals.js';
import { amountString, changePercentString, fromTicks, quantityString, ticksToString, toTicks } from '../numbers.js';
import { PAIR_RULES, symbolInfoOf, type PairRules } from '../rules.js';
import { TickerSnapshot } from '../snapshot.js';
import type { ExchangeFeed, KlineQuery } from '../types.js';
import { keyOf, uniform } from './random.js';
import { createWalk, STEP_MS, type Walk } from './walk.js';

const DAY_STEPS = 86_400;
const GRID_MINUTES = 1_440;
const AVERAGE_TRADE_USDT = 500;
/** Closed candles never change, so they are kept (up to this many). */
const CANDLE_CACHE_SIZE = 20_000;
const KLINE_SAMPLES = 60;

const TAG_VOLUME = 11;
const TAG_LAST_QTY = 12;
const TAG_SPREAD = 21;
const TAG_GAP_BID = 22;
const TAG_GAP_ASK = 23;
const TAG_QTY_BID = 24;
const TAG_QTY_ASK = 25;
const TAG_CANDLE_VOLUME = 31;
const TAG_CANDLE_TAKER = 32;

const INTERVAL_INDEX = new Map(Object.keys(KLINE_INTERVALS).map((name, i) => [name, i]));

/** An asset's price at each minute boundary of the last 24 hours, shifted as time passes. */
class MinuteGrid {
  readonly values = new Float64Array(GRID_MINUTES);
  private firstMinute = Number.NaN;

  constructor(private readonly walk: Walk) {}

  at(firstMinute: number): Float64Array {
    const shift = firstMinute - this.firstMinute;
    if (shift === 0) return this.values;
    let from = 0;
    if (shift > 0 && shift < GRID_MINUTES) {
      this.values.copyWithin(0, shift);
      from = GRID_MINUTES - shift;
    }
    for (let i = from; i < GRID_MINUTES; i++) this.values[i] = this.walk.priceAt((firstMinute + i) * 60);
    this.firstMinute = firstMinute;
    return this.values;
  }
}

interface MinuteWindow {
  firstMinute: number;
  high: number;
  low: number;
  volume: number;
  quoteVolume: number;
  trades: number;
}

interface SimPair {
  rules: PairRules;
  key: number;
  base: Walk;
  quote: Walk;
  baseGrid: MinuteGrid;
  quoteGrid: MinuteGrid;
  volumePerMinute: number;
  tradesPerMinute: number;
  window?: MinuteWindow;
}

export interface SimFeed extends ExchangeFeed {
  /** A symbol's price at a step (seconds since the epoch) as an exchange string; null when unknown. */
  priceAt(symbol: string, step: number): string | null;
  /** The step of this moment. */
  currentStep(): number;
}

export interface SimFeedOptions {
  /** The market secret: bytes, or a MARKET_SEED string (its UTF-8 bytes). */
  secret: Uint8Array | string;
  now: () => number;
}

export function createSimFeed(options: SimFeedOptions): SimFeed {
  const { now } = options;
  const secret = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  const walks = new Map<string, Walk>();
  const grids = new Map<string, MinuteGrid>();
  for (const asset of MARKET_ASSETS) {
    const walk = createWalk({
      key: keyOf(secret, `asset:${asset.asset}`),
      anchor: asset.price,
      dailyVolatility: asset.dailyVolatility,
    });
    walks.set(asset.asset, walk);
    grids.set(asset.asset, new MinuteGrid(walk));
  }
  const pairs = new Map<string, SimPair>();
  for (const rules of PAIR_RULES) {
    const volumePerMinute = rules.dailyVolumeUsdt / GRID_MINUTES / rules.base.price;
    pairs.set(rules.symbol, {
      rules,
      key: keyOf(secret, `pair:${rules.symbol}`),
      base: walks.get(rules.baseAsset)!,
      quote: walks.get(rules.quoteAsset)!,
      baseGrid: grids.get(rules.baseAsset)!,
      quoteGrid: grids.get(rules.quoteAsset)!,
      volumePerMinute,
      tradesPerMinute: Math.max(1, rules.dailyVolumeUsdt / GRID_MINUTES / AVERAGE_TRADE_USDT),
    });
  }
  const catalog = new SymbolCatalog(PAIR_RULES.map(symbolInfoOf));
  /**
   * Closed candles by series (`symbol|interval`), then open time: a chart's 200 candles are one
   * string key and 200 number lookups, not 200 string keys (docs/performance.md, "Cuts (session 18)").
   */
  const candleSeries = new Map<string, Map<number, Kline>>();
  /** The kept candles in the order they were kept, for dropping the oldest past CANDLE_CACHE_SIZE. */
  let candleOrder: (readonly [Map<number, Kline>, number])[] = [];
  let candleOrderHead = 0;
  function keepCandle(series: Map<number, Kline>, open: number, kline: Kline) {
    if (candleOrder.length - candleOrderHead >= CANDLE_CACHE_SIZE) {
      const [oldSeries, oldOpen] = candleOrder[candleOrderHead++]!;
      oldSeries.delete(oldOpen);
      if (candleOrderHead >= CANDLE_CACHE_SIZE) {
        candleOrder = candleOrder.slice(candleOrderHead);
        candleOrderHead = 0;
      }
    }
    series.set(open, kline);
    candleOrder.push([series, open]);
  }
  function seriesOf(pair: SimPair, interval: KlineInterval): Map<number, Kline> {
    const key = `${pair.rules.symbol}|${interval}`;
    let series = candleSeries.get(key);
    if (!series) {
      series = new Map();
      candleSeries.set(key, series);
    }
    return series;
  }
  let memo: { step: number; snapshot: TickerSnapshot } | undefined;

  const stepOf = (time: number) => Math.floor(time / STEP_MS);
  const ticksAt = (pair: SimPair, step: number) =>
    toTicks(pair.base.priceAt(step) / pair.quote.priceAt(step), pair.rules.priceDecimals);

  function book(pair: SimPair, step: number, levels: number) {
    const lastTicks = ticksAt(pair, step);
    const spread = 1 + Math.floor(uniform(pair.key, TAG_SPREAD, step) * 3);
    const bestBid = Math.max(1, lastTicks - Math.floor(spread / 2));
    const maxGap = Math.max(1, Math.round(lastTicks * 1e-5));
    const levelQty = (tag: number, level: number) => {
      const notional =
        pair.rules.dailyVolumeUsdt *
        1e-5 *
        (0.3 + 1.7 * uniform(pair.key, tag, step * 64 + level)) *
        (1 + 0.25 * level);
      const minQty = 10 ** -pair.rules.qtyDecimals;
      return Math.max(minQty, notional / pair.rules.base.price);
    };
    const bids: [number, number][] = [];
    const asks: [number, number][] = [];
    let bid = bestBid;
    let ask = bestBid + spread;
    for (let level = 0; level < levels; level++) {
      if (bid >= 1) bids.push([bid, levelQty(TAG_QTY_BID, level)]);
      asks.push([ask, levelQty(TAG_QTY_ASK, level)]);
      bid -= 1 + Math.floor(uniform(pair.key, TAG_GAP_BID, step * 64 + level) * maxGap);
      ask += 1 + Math.floor(uniform(pair.key, TAG_GAP_ASK, step * 64 + level) * maxGap);
    }
    return { bids, asks };
  }

  /** High, low and volumes over the minute boundaries of the window: they change once a minute. */
  function minuteWindow(pair: SimPair, firstMinute: number): MinuteWindow {
    if (pair.window?.firstMinute === firstMinute) return pair.window;
    const base = pair.baseGrid.at(firstMinute);
    const quote = pair.quoteGrid.at(firstMinute);
    const window: MinuteWindow = { firstMinute, high: -Infinity, low: Infinity, volume: 0, quoteVolume: 0, trades: 0 };
    for (let i = 0; i < GRID_MINUTES; i++) {
      const price = base[i]! / quote[i]!;
      if (price > window.high) window.high = price;
      if (price < window.low) window.low = price;
      const activity = 0.5 + uniform(pair.key, TAG_VOLUME, firstMinute + i);
      const minuteVolume = pair.volumePerMinute * activity;
      window.volume += minuteVolume;
      window.quoteVolume += minuteVolume * price;
      window.trades += pair.tradesPerMinute * activity;
    }
    pair.window = window;
    return window;
  }

  function ticker(pair: SimPair, step: number, time: number): Ticker24h {
    const { priceDecimals: decimals, qtyDecimals } = pair.rules;
    const lastTicks = ticksAt(pair, step);
    const openTicks = ticksAt(pair, step - DAY_STEPS);
    const prevCloseTicks = ticksAt(pair, step - DAY_STEPS - 1);
    const window = minuteWindow(pair, Math.floor((step - DAY_STEPS) / 60) + 1);
    const { volume, quoteVolume } = window;
    const highTicks = Math.max(toTicks(window.high, decimals), lastTicks, openTicks);
    const lowTicks = Math.min(toTicks(window.low, decimals), lastTicks, openTicks);
    const averageTicks =
      volume > 0 ? Math.min(highTicks, Math.max(lowTicks, toTicks(quoteVolume / volume, decimals))) : lastTicks;
    const count = Math.round(window.trades);
    const lastId = Math.floor((step * pair.tradesPerMinute) / 60);
    const top = book(pair, step, 1);
    const [bidTicks, bidQty] = top.bids[0] ?? [0, 0];
    const [askTicks, askQty] = top.asks[0]!;
    const lastQty = (pair.volumePerMinute / 30) * uniform(pair.key, TAG_LAST_QTY, step);
    return {
      symbol: pair.rules.symbol,
      priceChange: ticksToString(lastTicks - openTicks, decimals),
      priceChangePercent: changePercentString(lastTicks - openTicks, openTicks),
      weightedAvgPrice: ticksToString(averageTicks, decimals),
      prevClosePrice: ticksToString(prevCloseTicks, decimals),
      lastPrice: ticksToString(lastTicks, decimals),
      lastQty: quantityString(Math.max(lastQty, 10 ** -qtyDecimals), qtyDecimals),
      bidPrice: ticksToString(bidTicks, decimals),
      bidQty: quantityString(bidQty, qtyDecimals),
      askPrice: ticksToString(askTicks, decimals),
      askQty: quantityString(askQty, qtyDecimals),
      openPrice: ticksToString(openTicks, decimals),
      highPrice: ticksToString(highTicks, decimals),
      lowPrice: ticksToString(lowTicks, decimals),
      volume: quantityString(volume, qtyDecimals),
      quoteVolume: amountString(quoteVolume),
      openTime: time - DAY_STEPS * STEP_MS,
      closeTime: time,
      firstId: Math.max(0, lastId - count + 1),
      lastId,
      count,
    };
  }

  function candle(
    pair: SimPair,
    interval: KlineInterval,
    series: Map<number, Kline>,
    open: number,
    nowStep: number,
  ): Kline {
    const cached = series.get(open);
    if (cached) return cached;
    const closeTime = nextCandleOpen(interval, open) - 1;
    const firstStep = Math.floor(open / STEP_MS);
    const lastStep = Math.min(Math.floor(closeTime / STEP_MS), nowStep);
    const seconds = lastStep - firstStep + 1;
    const samples = Math.min(seconds, KLINE_SAMPLES);
    let openTicks = 0;
    let closeTicks = 0;
    let high = 0;
    let low = Infinity;
    let sum = 0;
    for (let j = 0; j < samples; j++) {
      const step = samples === 1 ? firstStep : firstStep + Math.round((j * (seconds - 1)) / (samples - 1));
      const ticks = ticksAt(pair, step);
      if (j === 0) openTicks = ticks;
      closeTicks = ticks;
      high = Math.max(high, ticks);
      low = Math.min(low, ticks);
      sum += ticks;
    }
    const { priceDecimals: decimals, qtyDecimals } = pair.rules;
    const noiseIndex = firstStep * 16 + (INTERVAL_INDEX.get(interval) ?? 0);
    const activity = 0.6 + 0.8 * uniform(pair.key, TAG_CANDLE_VOLUME, noiseIndex);
    const takerShare = 0.4 + 0.2 * uniform(pair.key, TAG_CANDLE_TAKER, noiseIndex);
    const averagePrice = fromTicks(sum / samples, decimals);
    const volume = (pair.volumePerMinute / 60) * seconds * activity;
    const result: Kline = [
      open,
      ticksToString(openTicks, decimals),
      ticksToString(high, decimals),
      ticksToString(low, decimals),
      ticksToString(closeTicks, decimals),
      quantityString(volume, qtyDecimals),
      closeTime,
      amountString(volume * averagePrice),
      Math.max(1, Math.round((pair.tradesPerMinute / 60) * seconds * activity)),
      quantityString(volume * takerShare, qtyDecimals),
      amountString(volume * takerShare * averagePrice),
      '0',
    ];
    if (lastStep === Math.floor(closeTime / STEP_MS)) keepCandle(series, open, result);
    return result;
  }

  const pairOf = (symbol: string): SimPair => {
    const pair = pairs.get(symbol);
    if (!pair) throw new Error(`Not a simulated symbol: ${symbol}`);
    return pair;
  };

  return {
    catalog: () => catalog,
    currentStep: () => stepOf(now()),

    snapshot() {
      const time = now();
      const step = stepOf(time);
      if (memo?.step !== step) {
        const tickers = [...pairs.values()].map((pair) => ticker(pair, step, time));
        memo = { step, snapshot: new TickerSnapshot(time, tickers) };
      }
      return memo.snapshot;
    },

    priceAt(symbol, step) {
      const pair = pairs.get(symbol);
      return pair ? ticksToString(ticksAt(pair, step), pair.rules.priceDecimals) : null;
    },

    lastPrice(symbol) {
      const time = now();
      const pair = pairs.get(symbol);
      return pair ? { price: ticksToString(ticksAt(pair, stepOf(time)), pair.rules.priceDecimals), time } : null;
    },

    async depth(symbol, limit): Promise<OrderBook> {
      const pair = pairOf(symbol);
      const step = stepOf(now());
      const { bids, asks } = book(pair, step, Math.min(limit, BOOK_LEVELS));
      const { priceDecimals, qtyDecimals } = pair.rules;
      const level = ([ticks, qty]: [number, number]): [string, string] => [
        ticksToString(ticks, priceDecimals),
        quantityString(qty, qtyDecimals),
      ];
      return { lastUpdateId: step * 1000, bids: bids.map(level), asks: asks.map(level) };
    },

    async klines(query: KlineQuery): Promise<Kline[]> {
      const pair = pairOf(query.symbol);
      const time = now();
      const nowStep = stepOf(time);
      const series = seriesOf(pair, query.interval);
      return candleOpens(query.interval, query, time).map((open) =>
        candle(pair, query.interval, series, open, nowStep),
      );
    },

    isStale: () => false,
    async start() {},
    async stop() {},
  };
}
