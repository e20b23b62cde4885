/** Kline interval arithmetic, aligned like the exchange: UTC, weeks from Monday, months by the calendar. */
import { KLINE_INTERVALS, type KlineInterval } from '../../../shared/market.js';

const DAY_MS = 86_400_000;
/** The Unix epoch was a Thursday; weekly candles open on Mondays. */
const WEEK_OFFSET_MS = 4 * DAY_MS;

/** Open time of the candle that contains `time`. */
export function candleOpen(interval: KlineInterval, time: number): number {
  if (interval === '1M') {
    const date = new Date(time);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  const length = KLINE_INTERVALS[interval];
  const offset = interval === '1w' ? WEEK_OFFSET_MS : 0;
  return Math.floor((time - offset) / length) * length + offset;
}

/** Open time of the candle after the one opening at `open`. */
export function nextCandleOpen(interval: KlineInterval, open: number): number {
  if (interval === '1M') {
    const date = new Date(open);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return open + KLINE_INTERVALS[interval];
}

export interface CandleRange {
  startTime?: number;
  endTime?: number;
  limit: number;
}

/**
 * Open times of the candles a klines query asks for, oldest first, none after `now`: from
 * startTime forward, or the latest `limit` up to endTime (or now).
 */
export function candleOpens(interval: KlineInterval, range: CandleRange, now: number): number[] {
  const last = candleOpen(interval, Math.min(range.endTime ?? now, now));
  const opens: number[] = [];
  if (range.startTime !== undefined) {
    let open = candleOpen(interval, range.startTime);
    if (open < range.startTime) open = nextCandleOpen(interval, open);
    while (open <= last && opens.length < range.limit) {
      opens.push(open);
      open = nextCandleOpen(interval, open);
    }
    return opens;
  }
  let open = last;
  while (opens.length < range.limit && open >= 0) {
    opens.push(open);
    open = candleOpen(interval, open - 1);
  }
  return opens.reverse();
}
