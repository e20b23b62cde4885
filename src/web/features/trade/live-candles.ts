/**
 * The chart's candles (docs/decisions/0071-lever-screen-push.md, "The candles"): one read of GET
 * /api/v3/klines per pair and interval, then `<symbol>@kline_<interval>` on the market socket, each frame
 * applied to the last candle (same open time) or as a new one (the next open time). The 60 s re-read runs
 * only while the socket is down, as the order book's poll does (live-order-book.ts), and once when the
 * socket comes back or a frame shows candles were missed. Frames are written into the cached klines too,
 * so the chart opened again shows the current candles.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Kline } from '../../../shared/api/market';
import { KLINE_INTERVALS, klineStream, type KlineInterval } from '../../../shared/market';
import { marketSocket } from '../../lib/sockets';
import { klinesQuery } from '../market';
import { useSocketOpen } from './live-price';
import { MA_PERIODS, movingAverage, RSI_PERIOD, rsi } from './indicators';

/**
 * Two hundred candles: the 99-candle average has a hundred points to draw, and a phone still reads
 * the trend (three hours of 1m, eight days of 1h, seven months of 1d).
 */
const CANDLES = 200;
/** The re-read of the candles while the socket is down (docs/decisions/0060-markets-and-charts.md). */
const REFRESH_MS = 60_000;

const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * A `<symbol>@kline_<interval>` frame as the kline GET /api/v3/klines would serve, or null when it is
 * not one, or is another pair's or interval's.
 */
export function streamedKline(symbol: string, interval: KlineInterval, data: unknown): Kline | null {
  if (typeof data !== 'object' || data === null) return null;
  const { e, s, k } = data as Record<string, unknown>;
  if (e !== 'kline' || s !== symbol || typeof k !== 'object' || k === null) return null;
  const { t, T, s: ks, i, o, h, l, c, v, n, q, V, Q, B } = k as Record<string, unknown>;
  if (ks !== symbol || i !== interval || !isCount(t) || !isCount(T) || !isCount(n) || T < t) return null;
  if (![o, h, l, c, v, q, V, Q].every(isDecimal) || typeof B !== 'string') return null;
  return [t, o, h, l, c, v, T, q, n, V, Q, B] as Kline;
}

/** What a frame does to the kept candles. */
type KlineMerge =
  | { kind: 'replace' | 'append'; klines: Kline[] }
  /** An older candle than the last: a late frame, ignored. */
  | { kind: 'stale' }
  /** More than one candle after the last: some were missed, the candles are read again. */
  | { kind: 'gap' };

/** The candles with a streamed one applied: the last replaced, or one appended (keeping `limit`). */
export function mergeKline(
  klines: readonly Kline[],
  kline: Kline,
  interval: KlineInterval,
  limit = CANDLES,
): KlineMerge {
  const last = klines.at(-1);
  if (!last) return { kind: 'append', klines: [kline] };
  if (kline[0] === last[0]) return { kind: 'replace', klines: [...klines.slice(0, -1), kline] };
  if (kline[0] < last[0]) return { kind: 'stale' };
  // 1M (a calendar month) is not one of the chart's intervals; its length here is approximate.
  if (kline[0] > last[0] + KLINE_INTERVALS[interval]) return { kind: 'gap' };
  return { kind: 'append', klines: [...klines.slice(Math.max(0, klines.length + 1 - limit)), kline] };
}

/**
 * The last point of each moving average and of the RSI, from the kept closes: indicators.ts's own series,
 * so a frame's point is the one a whole drawing gives.
 */
export function lastIndicators(closes: readonly number[]): { ma: (number | undefined)[]; rsi: number | undefined } {
  const ma = MA_PERIODS.map((period) => movingAverage(closes, period).at(-1));
  return { ma, rsi: rsi(closes, RSI_PERIOD).at(-1) };
}

/** A frame applied to the cache: the candles before it (as the chart may have drawn them) and after. */
export interface StreamedCandle {
  /** The cached candles the frame was applied to. */
  before: readonly Kline[];
  /** The cached candles now (the query's data from here on). */
  after: readonly Kline[];
}

/**
 * The candles of one pair and interval: the query (its data the cached candles), and `onFrame` (a
 * stable callback) called after each streamed candle was written into the cache (the chart applies it
 * with `series.update`).
 */
export function useLiveCandles(symbol: string, interval: KlineInterval, onFrame: (frame: StreamedCandle) => void) {
  const socketOpen = useSocketOpen();
  const queryClient = useQueryClient();
  const query = klinesQuery(symbol, interval, CANDLES);
  const klines = useQuery({
    ...query,
    refetchInterval: socketOpen ? false : REFRESH_MS,
    // With the socket up the frames keep the cache current: a focus is no reason to read it again.
    refetchOnWindowFocus: !socketOpen,
  });
  const { refetch } = klines;

  // The socket back after it was down: one read, since frames may have been missed meanwhile. Its
  // first opening after the chart opened is no comeback (the read was just made; a missed candle
  // shows as a gap below).
  const wasOpen = useRef(socketOpen);
  const wentDown = useRef(false);
  useEffect(() => {
    if (!socketOpen) {
      if (wasOpen.current) wentDown.current = true;
      return;
    }
    wasOpen.current = true;
    if (!wentDown.current) return;
    wentDown.current = false;
    void refetch({ cancelRefetch: false });
  }, [socketOpen, refetch]);

  useEffect(() => {
    const { queryKey } = klinesQuery(symbol, interval, CANDLES);
    return marketSocket().subscribe(klineStream(symbol, interval), (data) => {
      const kline = streamedKline(symbol, interval, data);
      const before = kline && queryClient.getQueryData(queryKey);
      // Before the first read there is nothing to apply a frame to: the read brings the candles.
      if (!kline || !before) return;
      const merged = mergeKline(before, kline, interval);
      if (merged.kind === 'gap') {
        void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: false });
        return;
      }
      if (merged.kind === 'stale') return;
      queryClient.setQueryData(queryKey, merged.klines);
      onFrame({ before, after: queryClient.getQueryData(queryKey) ?? merged.klines });
    });
  }, [symbol, interval, queryClient, onFrame]);

  return { klines, socketOpen };
}
