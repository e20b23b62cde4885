/**
 * The exchange's public market streams as one topic family of the stream hub (docs/architecture.md
 * "Public streams", docs/decisions/0032): `<symbol>@ticker`, `@miniTicker`, `!ticker@arr`,
 * `!miniTicker@arr`, `@bookTicker`, `@depth5/10/20` (and `@100ms`/`@1000ms`), the diff stream
 * `@depth` (and `@100ms`), `@kline_<interval>`, and `@trade`/`@aggTrade` (trade-stream.ts: pushed
 * on our own fills, not on ticks). Same event names, fields and types as the exchange: prices and
 * quantities strings, ids and times numbers.
 *
 * A well-formed name of an unknown symbol is accepted and stays silent, as on the exchange; a name
 * that is no stream of ours is refused.
 */
import type { Kline } from '../../../shared/api/market.js';
import type { StreamHub, TopicFamily } from '../../lib/stream-hub.js';
import type { BookKeeper, BookDiff } from './book.js';
import { TopicCache, type MarketTopic } from './topics.js';
import type { ExchangeFeed } from './types.js';

export const MARKET_FAMILY = 'market';

type Level = [string, string];

/** `<symbol>@bookTicker`: the best level of each side of the served book, and its update id. */
const bookTickerEvent = (symbol: string, book: { lastUpdateId: number; bids: Level[]; asks: Level[] }) => ({
  u: book.lastUpdateId,
  s: symbol,
  b: book.bids[0]?.[0] ?? '0.00000000',
  B: book.bids[0]?.[1] ?? '0.00000000',
  a: book.asks[0]?.[0] ?? '0.00000000',
  A: book.asks[0]?.[1] ?? '0.00000000',
});

/** `<symbol>@depth<levels>`: the top of the served book, as GET /api/v3/depth?limit=<levels>. */
const partialDepthEvent = (book: { lastUpdateId: number; bids: Level[]; asks: Level[] }, levels: number) => ({
  lastUpdateId: book.lastUpdateId,
  bids: book.bids.slice(0, levels),
  asks: book.asks.slice(0, levels),
});

/** `<symbol>@depth`: the levels changed from update id U to u, each with its new quantity. */
const depthUpdateEvent = (symbol: string, diff: BookDiff, time: number) => ({
  e: 'depthUpdate',
  E: time,
  s: symbol,
  U: diff.first,
  u: diff.last,
  b: diff.bids,
  a: diff.asks,
});

/**
 * `<symbol>@kline_<interval>`: a candle as /api/v3/klines serves it. Trade ids (f, L) are -1: the
 * candles are the market's, not trades of ours.
 */
const klineBody = (symbol: string, interval: string, k: Kline, closed: boolean) => ({
  t: k[0],
  T: k[6],
  s: symbol,
  i: interval,
  f: -1,
  L: -1,
  o: k[1],
  c: k[4],
  h: k[2],
  l: k[3],
  v: k[5],
  n: k[8],
  x: closed,
  q: k[7],
  V: k[9],
  Q: k[10],
  B: k[11],
});

export interface MarketStreams {
  family: TopicFamily;
  /** One tick: every subscribed topic's frame, serialised once, each client's frames in one write. */
  publish(): Promise<void>;
}

export function createMarketStreams(hub: StreamHub, feed: ExchangeFeed, keeper: BookKeeper): MarketStreams {
  const topics = new TopicCache();
  /** The last frame (or candle) sent per book and kline topic: sent again only when it changed. */
  const lastSent = new Map<string, string>();
  /** Per kline topic: the open time of the candle last sent and whether its close was sent. */
  const candles = new Map<string, { open: number; closedSent: boolean }>();
  let lastSnapshot: unknown;
  let running = false;

  function snapshotFrame(topic: MarketTopic): string {
    const snapshot = feed.snapshot();
    switch (topic.kind) {
      case 'ticker':
        return snapshot.tickerEventJson(topic.symbol);
      case 'miniTicker':
        return snapshot.miniTickerEventJson(topic.symbol);
      case 'allTickers':
        return snapshot.tickerEventsJson();
      case 'allMiniTickers':
        return snapshot.miniTickerEventsJson();
      default:
        return '';
    }
  }

  const family: TopicFamily = {
    name: MARKET_FAMILY,
    accepts: (topic) => topics.get(topic) !== null,
    current(topic) {
      const parsed = topics.get(topic);
      if (!parsed) return undefined;
      if (parsed.kind === 'diff') {
        // Changes are collected from now on: the next event starts right after this moment's book.
        if (feed.catalog().has(parsed.symbol)) keeper.track(parsed.symbol);
        return undefined;
      }
      if (parsed.kind === 'bookTicker' || parsed.kind === 'partial') {
        const book = keeper.last(parsed.symbol);
        if (!book) return undefined;
        return JSON.stringify(
          parsed.kind === 'bookTicker' ? bookTickerEvent(parsed.symbol, book) : partialDepthEvent(book, parsed.levels),
        );
      }
      return snapshotFrame(parsed) || undefined;
    },
  };

  async function klineFrame(topic: string, parsed: Extract<MarketTopic, { kind: 'kline' }>, time: number) {
    const [previous, current] = await feed.klines({ symbol: parsed.symbol, interval: parsed.interval, limit: 2 });
    const latest = current ?? previous;
    if (!latest) return '';
    const seen = candles.get(topic);
    // A new candle began: first the one that just closed, final (x: true), as the exchange does.
    const closing = seen && current && previous && previous[0] === seen.open && !seen.closedSent;
    const candle = closing ? previous : latest;
    const body = JSON.stringify(klineBody(parsed.symbol, parsed.interval, candle, Boolean(closing)));
    candles.set(topic, { open: candle[0], closedSent: Boolean(closing) });
    if (lastSent.get(topic) === body) return '';
    lastSent.set(topic, body);
    return `{"e":"kline","E":${time},"s":${JSON.stringify(parsed.symbol)},"k":${body}}`;
  }

  async function publish(): Promise<void> {
    const active = hub.activeTopics(MARKET_FAMILY);
    const diffSymbols = new Set<string>();
    const bookSymbols = new Set<string>();
    const catalog = feed.catalog();
    for (const topic of active) {
      const parsed = topics.get(topic);
      if (!parsed || !('symbol' in parsed) || !catalog.has(parsed.symbol)) continue;
      if (parsed.kind === 'diff') diffSymbols.add(parsed.symbol);
      if (parsed.kind === 'diff' || parsed.kind === 'bookTicker' || parsed.kind === 'partial')
        bookSymbols.add(parsed.symbol);
    }
    keeper.untrackExcept(diffSymbols);
    for (const topic of lastSent.keys()) if (hub.subscriberCount(topic) === 0) lastSent.delete(topic);
    for (const topic of candles.keys()) if (hub.subscriberCount(topic) === 0) candles.delete(topic);
    if (active.length === 0) return;

    const snapshot = feed.snapshot();
    const time = snapshot.time;
    // An unchanged snapshot (an exchange feed with no news) is not sent again.
    const freshTickers = snapshot !== lastSnapshot;
    lastSnapshot = snapshot;
    const books = new Map(
      await Promise.all([...bookSymbols].map(async (symbol) => [symbol, await keeper.book(symbol)] as const)),
    );
    const frames = new Map<string, string>();
    /** Frames shared by topics of one symbol (`@depth` and `@depth@100ms`), serialised once. */
    const shared = new Map<string, string>();
    const once = (key: string, make: () => string) => {
      let frame = shared.get(key);
      if (frame === undefined) shared.set(key, (frame = make()));
      return frame;
    };
    const klineTopics: [string, Extract<MarketTopic, { kind: 'kline' }>][] = [];
    for (const topic of active) {
      const parsed = topics.get(topic);
      if (!parsed) continue;
      if (parsed.kind === 'kline') {
        if (catalog.has(parsed.symbol)) klineTopics.push([topic, parsed]);
        continue;
      }
      if (parsed.kind === 'trade' || parsed.kind === 'aggTrade') continue;
      if (parsed.kind === 'diff' || parsed.kind === 'bookTicker' || parsed.kind === 'partial') {
        const book = books.get(parsed.symbol);
        if (!book) continue;
        let frame: string;
        if (parsed.kind === 'diff') {
          frame = once(`diff:${parsed.symbol}`, () => {
            const diff = keeper.takeDiff(parsed.symbol);
            return diff ? JSON.stringify(depthUpdateEvent(parsed.symbol, diff, time)) : '';
          });
        } else {
          const key = parsed.kind === 'bookTicker' ? `top:${parsed.symbol}` : `${parsed.levels}:${parsed.symbol}`;
          frame = once(key, () =>
            JSON.stringify(
              parsed.kind === 'bookTicker'
                ? bookTickerEvent(parsed.symbol, book)
                : partialDepthEvent(book, parsed.levels),
            ),
          );
          // The book did not change: nothing new to say.
          if (lastSent.get(topic) === frame) continue;
          lastSent.set(topic, frame);
        }
        if (frame) frames.set(topic, frame);
        continue;
      }
      if (!freshTickers) continue;
      const frame = snapshotFrame(parsed);
      if (frame) frames.set(topic, frame);
    }
    const klineFrames = await Promise.all(klineTopics.map(([topic, parsed]) => klineFrame(topic, parsed, time)));
    klineTopics.forEach(([topic], i) => {
      if (klineFrames[i]) frames.set(topic, klineFrames[i]);
    });
    hub.publishMany(frames);
  }

  return {
    family,
    /** Ticks do not overlap: a tick still reading books or candles makes the next one skip. */
    async publish() {
      if (running) return;
      running = true;
      try {
        await publish();
      } finally {
        running = false;
      }
    },
  };
}
