/**
 * The exchange's public stream names we serve (docs/architecture.md "Public streams"), parsed.
 * Symbols are lower case (the protocol lowers the part before '@'); channel names match in any
 * case except a kline interval, where 1m (a minute) and 1M (a month) differ, as on the exchange.
 */
import { isKlineInterval, type KlineInterval } from '../../../shared/market.js';

export type MarketTopic =
  | { kind: 'ticker' | 'miniTicker' | 'trade' | 'aggTrade'; symbol: string }
  | { kind: 'bookTicker'; symbol: string }
  | { kind: 'diff'; symbol: string }
  | { kind: 'partial'; symbol: string; levels: number }
  | { kind: 'kline'; symbol: string; interval: KlineInterval }
  | { kind: 'allTickers' | 'allMiniTickers' };

const SYMBOL_TOPIC = /^([a-z0-9]{2,20})@([A-Za-z0-9_@]{1,40})$/;
const SIMPLE: Record<string, 'ticker' | 'miniTicker' | 'bookTicker' | 'trade' | 'aggTrade'> = {
  ticker: 'ticker',
  miniticker: 'miniTicker',
  bookticker: 'bookTicker',
  trade: 'trade',
  aggtrade: 'aggTrade',
};
/** `depth`, `depth5`, `depth10`, `depth20`, each also with the exchange's update speeds. */
const DEPTH = /^depth(5|10|20)?(@(100|1000)ms)?$/i;
const KLINE = /^kline_(\w{2,3})$/i;

/** The topic a stream name names, or null when it is none of ours. */
export function parseTopic(topic: string): MarketTopic | null {
  const lower = topic.toLowerCase();
  if (lower === '!ticker@arr') return { kind: 'allTickers' };
  if (lower === '!miniticker@arr') return { kind: 'allMiniTickers' };
  const match = SYMBOL_TOPIC.exec(topic);
  if (!match) return null;
  const symbol = match[1]!.toUpperCase();
  const channel = match[2]!;
  const simple = SIMPLE[channel.toLowerCase()];
  if (simple) return { kind: simple, symbol };
  const depth = DEPTH.exec(channel);
  if (depth) return depth[1] ? { kind: 'partial', symbol, levels: Number(depth[1]) } : { kind: 'diff', symbol };
  const interval = KLINE.exec(channel)?.[1];
  if (interval !== undefined && isKlineInterval(interval)) return { kind: 'kline', symbol, interval };
  return null;
}

/** Parsed topics, kept while they are subscribed (a tick parses each active topic once, ever). */
export class TopicCache {
  private readonly parsed = new Map<string, MarketTopic | null>();

  get(topic: string): MarketTopic | null {
    let result = this.parsed.get(topic);
    if (result === undefined) {
      result = parseTopic(topic);
      if (this.parsed.size > 10_000) this.parsed.clear();
      this.parsed.set(topic, result);
    }
    return result;
  }
}
