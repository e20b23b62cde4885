/**
 * The market streams' tick (docs/architecture.md "Public streams"): nothing read for topics nobody
 * listens to, each client's frames of a tick in one write, candles closed with `x: true`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Kline, OrderBook } from '../../../shared/api/market.js';
import { StreamHub, type StreamClient } from '../../lib/stream-hub.js';
import { BookKeeper } from './book.js';
import { SymbolCatalog } from './catalog.js';
import { pairRules, symbolInfoOf } from './rules.js';
import { TickerSnapshot } from './snapshot.js';
import { createMarketStreams } from './streams.js';
import type { ExchangeFeed } from './types.js';

const candle = (open: number, close: string): Kline => [
  open,
  '100.00',
  '101.00',
  '99.00',
  close,
  '1.00000',
  open + 59_999,
  '100.00',
  3,
  '0.50000',
  '50.00',
  '0',
];

function setup() {
  const state = {
    book: { lastUpdateId: 1, bids: [['100.00', '1.00000']], asks: [['101.00', '2.00000']] } as OrderBook,
    candles: [candle(0, '100.50'), candle(60_000, '100.60')],
  };
  const catalog = new SymbolCatalog([symbolInfoOf(pairRules('BTCUSDT')!)]);
  const snapshot = new TickerSnapshot(1, []);
  const feed = {
    catalog: () => catalog,
    snapshot: vi.fn(() => snapshot),
    depth: vi.fn(async () => state.book),
    klines: vi.fn(async () => state.candles),
  } as unknown as ExchangeFeed;
  const hub = new StreamHub();
  const streams = createMarketStreams(hub, feed, new BookKeeper(feed));
  hub.addFamily(streams.family);
  const writes: string[][] = [];
  const client: StreamClient = {
    combined: false,
    send: (frame) => void writes.push([frame]),
    sendMany: (frames) => void writes.push(frames.map(String)),
  };
  const subscribe = (topic: string) => hub.subscribe(client, topic, streams.family.name);
  return { state, feed, streams, writes, subscribe };
}

describe('market streams tick', () => {
  it('reads nothing when nobody listens', async () => {
    const { feed, streams, writes } = setup();
    await streams.publish();
    expect(feed.snapshot).not.toHaveBeenCalled();
    expect(feed.depth).not.toHaveBeenCalled();
    expect(feed.klines).not.toHaveBeenCalled();
    expect(writes).toEqual([]);
  });

  it("sends a client all its frames of a tick in one write, and a book's frames only when it changed", async () => {
    const { state, feed, streams, writes, subscribe } = setup();
    subscribe('btcusdt@depth5');
    subscribe('btcusdt@bookTicker');
    subscribe('btcusdt@kline_1m');
    await streams.publish();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.map((f) => Object.keys(JSON.parse(f)).join())).toEqual([
      'lastUpdateId,bids,asks',
      'u,s,b,B,a,A',
      'e,E,s,k',
    ]);
    expect(feed.depth).toHaveBeenCalledTimes(1); // one book read for both book topics
    await streams.publish();
    expect(writes).toHaveLength(1); // nothing changed, nothing sent
    state.book = { ...state.book, lastUpdateId: 2, asks: [['100.90', '2.00000']] };
    await streams.publish();
    expect(writes[1]!.map((f) => JSON.parse(f).asks?.[0]?.[0] ?? JSON.parse(f).a)).toEqual(['100.90', '100.90']);
  });

  it('closes a candle with x: true when the next one opens, then streams the new one', async () => {
    const { state, streams, writes, subscribe } = setup();
    subscribe('btcusdt@kline_1m');
    const sent = () => writes.map((w) => JSON.parse(w[0]!).k).map((k) => [k.t, k.c, k.x]);
    await streams.publish();
    state.candles = [candle(0, '100.50'), candle(60_000, '100.70')];
    await streams.publish();
    state.candles = [candle(60_000, '100.80'), candle(120_000, '100.10')];
    await streams.publish();
    await streams.publish();
    expect(sent()).toEqual([
      [60_000, '100.60', false],
      [60_000, '100.70', false],
      [60_000, '100.80', true],
      [120_000, '100.10', false],
    ]);
  });
});
