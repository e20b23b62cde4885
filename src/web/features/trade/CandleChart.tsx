/**
 * Candlesticks of the selected pair (lightweight-charts, loaded only with this chart). History
 * comes from GET /api/v3/klines; the last candle follows the live price, and a new one starts
 * when the interval rolls over. Colours come from the theme's CSS variables.
 * Candles are drawn with JS numbers: a chart is a picture of prices, never money math.
 */
import { useQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Kline } from '../../../shared/api/market';
import { KLINE_INTERVALS, type KlineInterval } from '../../../shared/market';
import { i18n, useI18n } from '../../lib/i18n';
import { useTheme } from '../../lib/theme';
import { klinesQuery } from '../market';

/** Two hours of 1m candles, a day and a half of 15m, twenty days of 4h, four months of 1d: enough to read a trend on a phone. */
const CANDLES = 120;
const REFRESH_MS = 60_000;

type Candle = CandlestickData<UTCTimestamp>;

const candleOf = (k: Kline): Candle => ({
  time: (k[0] / 1000) as UTCTimestamp,
  open: Number(k[1]),
  high: Number(k[2]),
  low: Number(k[3]),
  close: Number(k[4]),
});

/** `--up: 3 166 109` -> 'rgb(3, 166, 109)' (the chart's colour parser wants commas). */
function themeColor(name: string, alpha = 1): string {
  const channels = getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim().split(/\s+/);
  const [r = '0', g = '0', b = '0'] = channels;
  return alpha === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

function themeOptions() {
  return {
    layout: {
      background: { type: ColorType.Solid, color: themeColor('surface') },
      textColor: themeColor('muted'),
    },
    grid: { vertLines: { color: themeColor('line', 0.6) }, horzLines: { color: themeColor('line', 0.6) } },
    rightPriceScale: { borderColor: themeColor('line') },
    timeScale: { borderColor: themeColor('line') },
  };
}

function seriesColors() {
  const up = themeColor('up');
  const down = themeColor('down');
  return { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down, borderVisible: false };
}

/** Decimals the price axis needs: 2 from 1 USDT up, more below (as the trade screens write prices). */
function precisionOf(price: number): number {
  if (price >= 1) return 2;
  if (price >= 0.0001) return 4;
  return 8;
}

/**
 * The axis and crosshair in the trader's own time zone (the chart itself counts in UTC), in the
 * language shown (docs/decisions/0043-languages.md); English keeps the browser's own order, as before.
 */
function localTime(time: Time, withDate = false): string {
  if (typeof time !== 'number') return '';
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: false };
  if (withDate) Object.assign(options, { month: 'short', day: 'numeric' });
  const language = i18n.language();
  return new Date(time * 1000).toLocaleString(language === 'en' ? undefined : language, options);
}

export interface CandleChartProps {
  symbol: string;
  interval: KlineInterval;
  livePrice: string | undefined;
}

export function CandleChart({ symbol, interval, livePrice }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const last = useRef<Candle | null>(null);
  const { theme } = useTheme();
  const { t, language, number } = useI18n();
  const klines = useQuery({ ...klinesQuery(symbol, interval, CANDLES), refetchInterval: REFRESH_MS });

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      ...themeOptions(),
      layout: { ...themeOptions().layout, fontSize: 11, fontFamily: getComputedStyle(document.body).fontFamily },
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: {
        ...themeOptions().timeScale,
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 3,
        tickMarkFormatter: (time: Time) => localTime(time),
      },
      localization: { timeFormatter: (time: Time) => localTime(time, true) },
      handleScale: { axisPressedMouseMove: false },
    });
    chart.current = created;
    series.current = created.addSeries(CandlestickSeries, seriesColors());
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      last.current = null;
    };
  }, []);

  // Another language: the axis labels and prices in its words and decimal separator.
  useEffect(() => {
    chart.current?.applyOptions({
      timeScale: { tickMarkFormatter: (time: Time) => localTime(time) },
      localization: {
        timeFormatter: (time: Time) => localTime(time, true),
        // English keeps the series' own price format; another language its decimal separator.
        ...(language === 'en'
          ? {}
          : { priceFormatter: (price: number) => number(price.toFixed(precisionOf(last.current?.close ?? 1))) }),
      },
    });
  }, [language, number]);

  // The theme switched the CSS variables already; repaint with them.
  useEffect(() => {
    chart.current?.applyOptions(themeOptions());
    series.current?.applyOptions(seriesColors());
  }, [theme]);

  // Another pair or interval: nothing of the old candles may take the new prices.
  useEffect(() => {
    series.current?.setData([]);
    last.current = null;
  }, [symbol, interval]);

  const data = klines.data;
  useEffect(() => {
    if (!series.current || !data) return;
    const candles = data.map(candleOf);
    const precision = precisionOf(candles.at(-1)?.close ?? 1);
    series.current.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    series.current.setData(candles);
    last.current = candles.at(-1) ?? null;
    chart.current?.timeScale().scrollToRealTime();
  }, [data]);

  useEffect(() => {
    const price = Number(livePrice);
    const candle = last.current;
    if (!series.current || !candle || !Number.isFinite(price) || price <= 0) return;
    const length = KLINE_INTERVALS[interval];
    const open = (Math.floor(Date.now() / length) * length) / 1000;
    let next: Candle;
    if (open > candle.time)
      next = {
        time: open as UTCTimestamp,
        open: candle.close,
        high: Math.max(candle.close, price),
        low: Math.min(candle.close, price),
        close: price,
      };
    else if (open === candle.time)
      next = { ...candle, high: Math.max(candle.high, price), low: Math.min(candle.low, price), close: price };
    else return;
    series.current.update(next);
    last.current = next;
  }, [livePrice, interval]);

  return (
    <div className="relative h-full w-full">
      <div
        ref={container}
        // A figure, not an image: the chart library puts its (focusable) attribution link inside.
        role="figure"
        // The library's attribution link inside is its maker's notice, not the app's text.
        translate="no"
        aria-label={t('trade.common.candlesticks', { symbol, interval })}
        className="h-full w-full"
        data-testid="candle-chart"
      />
      {data && data.length === 0 && (
        <p className="absolute inset-0 flex items-center justify-center text-xs text-muted">
          {t('trade.common.noChartData')}
        </p>
      )}
    </div>
  );
}
