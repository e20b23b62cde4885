/**
 * MARKET_SOURCE=binance: follows the public exchange for every client of this server.
 * - Start: pick the region (region.ts), load all 24-hour tickers over REST from the regional
 *   endpoint (falling back to the international one), keep the tracked symbols it lists.
 * - Live: ONE upstream WebSocket (combined `<symbol>@ticker` streams) updates the tickers; our
 *   own /ws clients are served from them, never connected upstream themselves.
 * - Trouble: a stream silent for `staleAfterMs` is dropped and reopened with exponential back-off;
 *   while it is down, tickers are refreshed over REST; prices older than `staleAfterMs` are stale.
 * - Depth and klines are fetched on demand, cached for a second and shared by concurrent callers.
 *   Depth is always asked at one limit (depth.ts UPSTREAM_DEPTH_LIMIT) and cut to what the client
 *   asked, so no client's limit reaches the exchange.
 * - Upstream weight (budget.ts): above 80 % of the exchange's per-minute weight only the tickers are
 *   fetched; after a 429 or 418 nothing is, for Retry-After or an exponential back-off. Meanwhile
 *   depth and klines are served from memory (the last good answer) and the marks turn stale.
 */
import WebSocket from 'ws';
import {
  exchangeError,
  exchangeInfo as exchangeInfoSchema,
  klineList,
  orderBook,
  ticker24h,
  tickerEvent,
  type Kline,
  type OrderBook,
  type SymbolInfo,
  type Ticker24h,
  type TickerEvent,
} from '../../../../shared/api/market.js';
import { tickerStream, TRACKED_SYMBOLS } from '../../../../shared/market.js';
import type { ExchangeEndpoints, MarketRegion } from '../../../../shared/market-region.js';
import { SymbolCatalog } from '../catalog.js';
import { BOOK_LEVELS, UPSTREAM_DEPTH_LIMIT } from '../depth.js';
import { ExchangeApiError } from '../../../errors.js';
import { feedUnavailable } from '../params.js';
import { regionsToTry, type FetchLike } from '../region.js';
import { PAIR_RULES, symbolInfoOf } from '../rules.js';
import { TickerSnapshot } from '../snapshot.js';
import type { ExchangeFeed, KlineQuery } from '../types.js';
import { UpstreamBudget, WEIGHT, type BudgetOptions } from './budget.js';

export interface FeedLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface BinanceFeedOptions {
  now: () => number;
  log: FeedLog;
  endpoints: Record<MarketRegion, ExchangeEndpoints>;
  /** Decides the region to try first (asked once). */
  region: () => Promise<MarketRegion>;
  fetch?: FetchLike;
  /** Symbols to follow (default: every tracked symbol). */
  symbols?: readonly string[];
  /** Silence after which prices are stale and the stream is reopened. */
  staleAfterMs?: number;
  /** Reconnect delays: initial, doubling up to max (with ±20 % jitter). */
  backoff?: { initialMs: number; maxMs: number };
  /** How often tickers are refreshed over REST while the stream is down. */
  restPollMs?: number;
  /** How often the watchdog looks at the stream. */
  watchdogMs?: number;
  requestTimeoutMs?: number;
  /** The exchange's request-weight budget and 429/418 back-off (budget.ts defaults: 6000/min, 80 %). */
  budget?: Omit<BudgetOptions, 'now'>;
}

export interface BinanceFeed extends ExchangeFeed {
  /** For operations and tests: where we are connected and how. */
  status(): {
    region: MarketRegion | null;
    streaming: boolean;
    reconnects: number;
    /** Request weight used this minute, as the exchange last told us plus what we sent since. */
    usedWeight: number;
    /** No request to the exchange before this time (ms): a 429 / 418 back-off; 0 when none. */
    backoffUntil: number;
  };
}

const CACHE_MS = 1_000;
const MAX_CACHED = 500;

/** What a REST request costs and whether it may use the last 20 % of the budget (tickers only). */
interface Cost {
  weight: number;
  essential: boolean;
}

/** The exchange's stream event, turned back into its REST ticker shape. */
function tickerFromEvent(e: TickerEvent): Ticker24h {
  return {
    symbol: e.s,
    priceChange: e.p,
    priceChangePercent: e.P,
    weightedAvgPrice: e.w,
    prevClosePrice: e.x,
    lastPrice: e.c,
    lastQty: e.Q,
    bidPrice: e.b,
    bidQty: e.B,
    askPrice: e.a,
    askQty: e.A,
    openPrice: e.o,
    highPrice: e.h,
    lowPrice: e.l,
    volume: e.v,
    quoteVolume: e.q,
    openTime: e.O,
    closeTime: e.C,
    firstId: e.F,
    lastId: e.L,
    count: e.n,
  };
}

export function createBinanceFeed(options: BinanceFeedOptions): BinanceFeed {
  const { now, log } = options;
  const fetchJsonImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const staleAfterMs = options.staleAfterMs ?? 15_000;
  const backoff = options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
  const restPollMs = options.restPollMs ?? 5_000;
  const watchdogMs = options.watchdogMs ?? 1_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const tracked = options.symbols ?? TRACKED_SYMBOLS;
  const ourInfo = new Map(PAIR_RULES.map((rules) => [rules.symbol, symbolInfoOf(rules)]));

  let catalog = new SymbolCatalog(tracked.flatMap((s) => ourInfo.get(s) ?? []));
  const records = new Map<string, Ticker24h>();
  const updatedAt = new Map<string, number>();
  let lastDataAt = 0;
  let memo: TickerSnapshot | undefined;
  let dirty = true;

  let running = false;
  let regionChoice: Promise<MarketRegion> | undefined;
  let upstream: { region: MarketRegion; endpoints: ExchangeEndpoints } | null = null;
  let socket: WebSocket | null = null;
  let streaming = false;
  let streamOpenedAt = 0;
  let failures = 0;
  let reconnects = 0;
  let lastPollAt = 0;
  /** Ticker events received from the stream (a poll answer older than one of them is dropped). */
  let streamEvents = 0;
  let polling = false;
  let watchdog: NodeJS.Timeout | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const responses = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** The last good depth / klines answer per path, served while the budget or a back-off says no. */
  const lastGood = new Map<string, unknown>();
  const budget = new UpstreamBudget({ now, ...options.budget });

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  const nextDelay = () =>
    Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(failures++, 16)) * (0.8 + 0.4 * Math.random());

  /**
   * GET a JSON body within the weight budget; the exchange's 400 errors pass through, anything else
   * (including "over budget" and "backing off", which send nothing) is "unavailable".
   */
  async function getJson(url: string, cost: Cost): Promise<unknown> {
    if (!budget.allows(cost.weight, cost.essential)) throw feedUnavailable();
    budget.spend(cost.weight);
    let response;
    try {
      response = await fetchJsonImpl(url, {
        signal: AbortSignal.timeout(requestTimeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw feedUnavailable();
    }
    const backoffMs = budget.observe(response.status, response.headers);
    if (backoffMs !== null)
      log.warn({ status: response.status, backoffMs }, 'market feed: rate limited by the exchange, backing off');
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const error = exchangeError.safeParse(body);
    if (response.status === 400 && error.success) throw new ExchangeApiError(400, error.data.code, error.data.msg);
    throw feedUnavailable();
  }

  function store(ticker: Ticker24h) {
    records.set(ticker.symbol, ticker);
    updatedAt.set(ticker.symbol, now());
    lastDataAt = now();
    dirty = true;
  }

  function storeList(body: unknown, wanted: ReadonlySet<string>): number {
    if (!Array.isArray(body)) return 0;
    let stored = 0;
    for (const item of body as unknown[]) {
      const parsed = ticker24h.safeParse(item);
      if (parsed.success && wanted.has(parsed.data.symbol)) {
        store(parsed.data);
        stored++;
      }
    }
    return stored;
  }

  /** Loads every ticker from one endpoint and keeps the tracked symbols it lists. */
  async function seed(endpoints: ExchangeEndpoints) {
    const body = await getJson(`${endpoints.rest}/api/v3/ticker/24hr`, { weight: WEIGHT.allTickers, essential: true });
    records.clear();
    if (storeList(body, new Set(tracked)) === 0) throw new Error('the exchange lists none of our symbols');
    const available = tracked.filter((s) => records.has(s));
    let infos: SymbolInfo[] = available.flatMap((s) => ourInfo.get(s) ?? []);
    try {
      const info = exchangeInfoSchema.parse(
        await getJson(
          `${endpoints.rest}/api/v3/exchangeInfo?symbols=${encodeURIComponent(JSON.stringify(available))}`,
          { weight: WEIGHT.exchangeInfo, essential: false },
        ),
      );
      const upstreamInfo = new Map(info.symbols.map((s) => [s.symbol, s]));
      infos = available.flatMap((s) => upstreamInfo.get(s) ?? ourInfo.get(s) ?? []);
    } catch {
      // Our own trading rules are a fine stand-in for exchangeInfo.
    }
    catalog = new SymbolCatalog(infos);
  }

  async function connect() {
    if (!running) return;
    regionChoice ??= options.region();
    let first: MarketRegion = 'international';
    try {
      first = await regionChoice;
    } catch {
      // No region signal: international.
    }
    for (const region of regionsToTry(first)) {
      if (!running) return;
      const endpoints = options.endpoints[region];
      try {
        await seed(endpoints);
        if (!running) return;
        upstream = { region, endpoints };
        failures = 0;
        log.info(
          { region, symbols: catalog.symbols.length, rest: endpoints.rest },
          'market feed: following the exchange',
        );
        openStream();
        return;
      } catch (error) {
        log.warn({ region, err: error }, 'market feed: exchange unavailable');
      }
    }
    if (running) later(nextDelay(), () => void connect());
  }

  function openStream() {
    if (!running || !upstream) return;
    const url = `${upstream.endpoints.ws}/stream?streams=${catalog.symbols.map(tickerStream).join('/')}`;
    const ws = new WebSocket(url, { handshakeTimeout: requestTimeoutMs });
    socket = ws;
    ws.on('open', () => {
      if (socket !== ws) return;
      streaming = true;
      streamOpenedAt = now();
    });
    ws.on('message', (data) => {
      if (socket !== ws) return;
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      const payload =
        typeof message === 'object' && message !== null && 'data' in message
          ? (message as { data: unknown }).data
          : message;
      const event = tickerEvent.safeParse(payload);
      if (!event.success || !catalog.has(event.data.s)) return;
      streamEvents++;
      store(tickerFromEvent(event.data));
      failures = 0;
    });
    ws.on('error', (error) => log.warn({ err: error }, 'market feed: stream error'));
    ws.on('close', () => {
      if (socket !== ws) return;
      socket = null;
      streaming = false;
      if (!running) return;
      reconnects++;
      later(nextDelay(), openStream);
    });
  }

  /**
   * While the stream is down, REST keeps the tickers fresh. A poll that was on its way when the
   * stream came back must not overwrite the newer stream events: its answer is stored only when the
   * stream delivered nothing since the poll began.
   */
  async function poll() {
    if (!upstream || polling) return;
    polling = true;
    lastPollAt = now();
    const eventsBefore = streamEvents;
    try {
      const symbols = encodeURIComponent(JSON.stringify(catalog.symbols));
      const body = await getJson(`${upstream.endpoints.rest}/api/v3/ticker/24hr?symbols=${symbols}`, {
        weight: WEIGHT.tickers(catalog.symbols.length),
        essential: true,
      });
      if (streamEvents !== eventsBefore) return;
      storeList(body, new Set(catalog.symbols));
    } catch {
      // The next watchdog round tries again.
    } finally {
      polling = false;
    }
  }

  function checkFeed() {
    if (!running || !upstream) return;
    // A fresh connection gets staleAfterMs to deliver its first event.
    if (streaming && socket && now() - Math.max(lastDataAt, streamOpenedAt) > staleAfterMs) {
      log.warn({ silentMs: now() - lastDataAt }, 'market feed: stream silent, reconnecting');
      socket.terminate();
    }
    if (!streaming && now() - lastPollAt >= restPollMs) void poll();
  }

  /**
   * Cached, shared GET for depth and klines (not essential). While the budget or a back-off says no,
   * the last good answer for the path is served from memory; without one, "unavailable".
   */
  function cachedJson(path: string, weight: number): Promise<unknown> {
    if (!upstream) return Promise.reject(feedUnavailable());
    const time = now();
    const hit = responses.get(path);
    if (hit && hit.expires > time) return hit.value;
    if (responses.size >= MAX_CACHED) {
      for (const [key, entry] of responses) if (entry.expires <= time) responses.delete(key);
    }
    const fromMemory = () => (lastGood.has(path) ? lastGood.get(path) : Promise.reject(feedUnavailable()));
    if (!budget.allows(weight, false)) return Promise.resolve().then(fromMemory);
    const value = getJson(`${upstream.endpoints.rest}${path}`, { weight, essential: false }).then(
      (body) => {
        if (lastGood.size >= MAX_CACHED && !lastGood.has(path)) lastGood.delete(lastGood.keys().next().value!);
        lastGood.set(path, body);
        return body;
      },
      (error: unknown) => {
        // Refused by the exchange's rate limit just now: memory rather than an error.
        if (budget.backingOff() && lastGood.has(path)) return lastGood.get(path);
        throw error;
      },
    );
    responses.set(path, { expires: time + CACHE_MS, value });
    value.catch(() => responses.delete(path));
    return value;
  }

  return {
    catalog: () => catalog,

    snapshot() {
      // At most one rebuild per second however often the exchange or our clients ask.
      if (!memo || (dirty && now() - memo.time >= 1_000)) {
        memo = new TickerSnapshot(
          now(),
          catalog.symbols.flatMap((s) => records.get(s) ?? []),
        );
        dirty = false;
      }
      return memo;
    },

    lastPrice(symbol) {
      const ticker = records.get(symbol);
      return ticker ? { price: ticker.lastPrice, time: updatedAt.get(symbol) ?? 0 } : null;
    },

    isStale: (symbol) => !upstream || !records.has(symbol) || now() - lastDataAt > staleAfterMs,

    async depth(symbol, limit): Promise<OrderBook> {
      // One upstream limit for every client (weight 5); what the client asked is cut from it.
      const parsed = orderBook.safeParse(
        await cachedJson(`/api/v3/depth?symbol=${symbol}&limit=${UPSTREAM_DEPTH_LIMIT}`, WEIGHT.depth),
      );
      if (!parsed.success) throw feedUnavailable();
      const levels = Math.min(limit, BOOK_LEVELS);
      return { ...parsed.data, bids: parsed.data.bids.slice(0, levels), asks: parsed.data.asks.slice(0, levels) };
    },

    async klines(query: KlineQuery): Promise<Kline[]> {
      const params = new URLSearchParams({
        symbol: query.symbol,
        interval: query.interval,
        limit: String(query.limit),
      });
      if (query.startTime !== undefined) params.set('startTime', String(query.startTime));
      if (query.endTime !== undefined) params.set('endTime', String(query.endTime));
      const parsed = klineList.safeParse(await cachedJson(`/api/v3/klines?${params}`, WEIGHT.klines));
      if (!parsed.success) throw feedUnavailable();
      return parsed.data;
    },

    status: () => ({
      region: upstream?.region ?? null,
      streaming,
      reconnects,
      usedWeight: budget.usedWeight(),
      backoffUntil: budget.backingOff() ? budget.blockedUntil : 0,
    }),

    async start() {
      if (running) return;
      running = true;
      watchdog = setInterval(checkFeed, watchdogMs);
      watchdog.unref();
      // Not awaited: the server starts (and serves stale-free errors) while the exchange is reached.
      void connect();
    },

    async stop() {
      running = false;
      clearInterval(watchdog);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      socket?.terminate();
      socket = null;
      streaming = false;
    },
  };
}
