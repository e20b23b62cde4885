/** Market tickers as a topic family of the stream hub: `<symbol>@ticker`, pushed on every price tick. */
import type { StreamHub, TopicFamily } from '../../lib/stream-hub.js';
import type { ExchangeFeed } from './types.js';

const TICKER_FAMILY = 'market.ticker';
const TICKER_TOPIC = /^([a-z0-9]{2,20})@ticker$/;

const symbolOf = (topic: string): string | null => TICKER_TOPIC.exec(topic)?.[1]?.toUpperCase() ?? null;

export function tickerFamily(feed: ExchangeFeed): TopicFamily {
  return {
    name: TICKER_FAMILY,
    accepts(topic) {
      const symbol = symbolOf(topic);
      return symbol !== null && feed.catalog().has(symbol);
    },
    current(topic) {
      return feed.snapshot().tickerEventJson(symbolOf(topic) ?? '') || undefined;
    },
  };
}

/**
 * One tick of fan-out: the snapshot is built (once) only when someone listens, each subscribed
 * symbol's event is serialised once, and each client gets its events of the tick in one write.
 */
export function createTickerPublisher(hub: StreamHub, feed: ExchangeFeed) {
  let lastSnapshot: unknown;
  return function publishTickers(): void {
    const topics = hub.activeTopics(TICKER_FAMILY);
    if (topics.length === 0) return;
    const snapshot = feed.snapshot();
    // An unchanged snapshot (an exchange feed with no news) is not sent again.
    if (snapshot === lastSnapshot) return;
    lastSnapshot = snapshot;
    const frames = new Map<string, string>();
    for (const topic of topics) {
      const frame = snapshot.tickerEventJson(symbolOf(topic) ?? '');
      if (frame) frames.set(topic, frame);
    }
    hub.publishMany(frames);
  };
}
