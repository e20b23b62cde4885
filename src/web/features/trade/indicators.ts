/**
 * Chart indicators computed from the server's klines (docs/decisions/0060-markets-and-charts.md): simple
 * moving averages (MA 7/25/99) and the 14-period RSI with Wilder's smoothing, as Binance draws them. Pure
 * functions of closing prices; a chart is a picture of prices, so JS numbers are fine here (never money).
 * Each result has one entry per input, `undefined` until enough candles have closed.
 */

/** The moving averages the chart draws, shortest first. */
export const MA_PERIODS = [7, 25, 99] as const;
export const RSI_PERIOD = 14;

/** Simple moving average of the last `period` values, at every index from period - 1 on. */
export function movingAverage(values: readonly number[], period: number): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  let sum = 0;
  values.forEach((value, i) => {
    sum += value;
    if (i >= period) sum -= values[i - period]!;
    out.push(i >= period - 1 ? sum / period : undefined);
  });
  return out;
}

/**
 * Relative strength index (Wilder): the first average gain and loss are plain means of the first
 * `period` changes, later ones are smoothed as (previous * (period - 1) + change) / period. 100 when
 * nothing fell, 50 when nothing moved.
 */
export function rsi(closes: readonly number[], period = RSI_PERIOD): (number | undefined)[] {
  const out: (number | undefined)[] = closes.map(() => undefined);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  const value = () => (gain === 0 && loss === 0 ? 50 : loss === 0 ? 100 : 100 - 100 / (1 + gain / loss));
  for (let i = 1; i <= period; i++) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = value();
  for (let i = period + 1; i < closes.length; i++) {
    const change = closes[i]! - closes[i - 1]!;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = value();
  }
  return out;
}
