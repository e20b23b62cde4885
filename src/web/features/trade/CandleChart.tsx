/**
 * Candlesticks of the selected pair (lightweight-charts, loaded only with this chart). History
 * comes from GET /api/v3/klines once, then each `<symbol>@kline_<interval>` frame updates the last
 * candle or adds the next one in place (live-candles.ts; docs/decisions/0071-lever-screen-push.md,
 * "The candles"), so the trader's scroll and zoom stay. While the socket is down the candles are read
 * every 60 s and the last one follows the live price, a new one starting when the interval rolls
 * over. Colours come from the theme's CSS variables.
 * Candles are drawn with JS numbers: a chart is a picture of prices, never money math.
 * With them (docs/decisions/0060-markets-and-charts.md): the volume histogram under the candles,
 * MA 7/25/99 of the closes and RSI 14 in a pane of its own, computed from the same klines
 * (indicators.ts); the legend above names their latest values.
 */
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Kline } from '../../../shared/api/market';
import { KLINE_INTERVALS, type KlineInterval } from '../../../shared/market';
import { i18n, useI18n } from '../../lib/i18n';
import { useTheme } from '../../lib/theme';
import { MA_PERIODS, movingAverage, RSI_PERIOD, rsi } from './indicators';
import { lastIndicators, useLiveCandles, type StreamedCandle } from './live-candles';

/** The averages' colours, shortest first (as the big apps draw MA 7/25/99: yellow, pink, violet). */
const MA_COLORS = ['#f0b90b', '#e0529c', '#8b5cf6'] as const;
const RSI_COLOR = '#8b5cf6';

type Candle = CandlestickData<UTCTimestamp>;

type Line = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;
const pointOf = (time: UTCTimestamp, value: number | undefined): Line =>
  value === undefined ? { time } : { time, value };
const lineOf = (candles: readonly Candle[], values: readonly (number | undefined)[]): Line[] =>
  candles.map((c, i) => pointOf(c.time, values[i]));

/** The legend's latest values, as the chart's price axis writes them. */
interface Legend {
  ma: (number | undefined)[];
  rsi: number | undefined;
  volume: number | undefined;
  decimals: number;
}

const candleOf = (k: Kline): Candle => ({
  time: (k[0] / 1000) as UTCTimestamp,
  open: Number(k[1]),
  high: Number(k[2]),
  low: Number(k[3]),
  close: Number(k[4]),
});

/** The volume bars' colours, read from the theme once per drawing. */
const volumeColors = () => ({ up: themeColor('up', 0.45), down: themeColor('down', 0.45) });

/** A candle's volume bar, in the colour of its direction. */
const volumeBar = (k: Kline, candle: Candle, colors: { up: string; down: string }) => ({
  time: candle.time,
  value: Number(k[5]),
  color: candle.close >= candle.open ? colors.up : colors.down,
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

/** A line's colour beside its name in the legend (the text itself stays in the theme's muted colour). */
const Swatch = ({ color }: { color: string }) => (
  <span
    aria-hidden="true"
    className="mr-1 inline-block h-1.5 w-1.5 rounded-full align-middle"
    style={{ background: color }}
  />
);

export interface CandleChartProps {
  symbol: string;
  interval: KlineInterval;
  livePrice: string | undefined;
}

export function CandleChart({ symbol, interval, livePrice }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volume = useRef<ISeriesApi<'Histogram'> | null>(null);
  const averages = useRef<ISeriesApi<'Line'>[]>([]);
  const strength = useRef<ISeriesApi<'Line'> | null>(null);
  const last = useRef<Candle | null>(null);
  /** The cached candles the series show and the theme they were drawn in (a streamed frame is drawn already). */
  const drawn = useRef<{ data: readonly Kline[] | null; theme: string | null }>({ data: null, theme: null });
  /** Whether this pair and interval were scrolled to the latest candle: only their first drawing is. */
  const scrolled = useRef(false);
  const [legend, setLegend] = useState<Legend>({ ma: [], rsi: undefined, volume: undefined, decimals: 2 });
  const { theme } = useTheme();
  const { t, language, number } = useI18n();

  // A streamed candle: the last one replaced or the next one added, in place (never setData, which
  // would take the trader's scroll and zoom). Candles read but not drawn yet, or a frame older than
  // the candle the live price began while the socket was down, are drawn whole below instead.
  const onFrame = useCallback(({ before, after }: StreamedCandle) => {
    const k = after.at(-1);
    if (!series.current || !k || drawn.current.data !== before) return;
    const candle = candleOf(k);
    if (last.current && candle.time < last.current.time) return;
    series.current.update(candle);
    volume.current?.update(volumeBar(k, candle, volumeColors()));
    const indicators = lastIndicators(after.map((kline) => Number(kline[4])));
    averages.current.forEach((line, i) => line.update(pointOf(candle.time, indicators.ma[i])));
    strength.current?.update(pointOf(candle.time, indicators.rsi));
    setLegend((shown) => ({ ...shown, ma: indicators.ma, rsi: indicators.rsi, volume: Number(k[5]) }));
    last.current = candle;
    drawn.current = { ...drawn.current, data: after };
  }, []);
  const { klines, socketOpen } = useLiveCandles(symbol, interval, onFrame);

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
    // Volume under the candles, on a scale of its own that takes the lowest fifth of the pane.
    volume.current = created.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    created.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    series.current.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    averages.current = MA_PERIODS.map((_, i) =>
      created.addSeries(LineSeries, {
        color: MA_COLORS[i],
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      }),
    );
    // RSI 14 in its own pane below, with the 70 and 30 lines traders read it by.
    strength.current = created.addSeries(
      LineSeries,
      {
        color: RSI_COLOR,
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: true,
        priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
        autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
      },
      1,
    );
    for (const level of [70, 30])
      strength.current.createPriceLine({
        price: level,
        color: themeColor('muted', 0.6),
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: false,
      });
    created.panes()[1]?.setStretchFactor(0.28);
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      volume.current = null;
      averages.current = [];
      strength.current = null;
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
    volume.current?.setData([]);
    for (const line of averages.current) line.setData([]);
    strength.current?.setData([]);
    last.current = null;
    drawn.current = { data: null, theme: null };
    scrolled.current = false;
  }, [symbol, interval]);

  const data = klines.data;
  useEffect(() => {
    if (!series.current || !data) return;
    if (drawn.current.data === data && drawn.current.theme === theme) return;
    const candles = data.map(candleOf);
    const precision = precisionOf(candles.at(-1)?.close ?? 1);
    series.current.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    series.current.setData(candles);
    const colors = volumeColors();
    volume.current?.setData(data.map((k, i) => volumeBar(k, candles[i]!, colors)));
    const closes = candles.map((c) => c.close);
    const ma = MA_PERIODS.map((period) => movingAverage(closes, period));
    averages.current.forEach((line, i) => {
      line.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
      line.setData(lineOf(candles, ma[i]!));
    });
    const strengths = rsi(closes, RSI_PERIOD);
    strength.current?.setData(lineOf(candles, strengths));
    setLegend({
      ma: ma.map((values) => values.at(-1)),
      rsi: strengths.at(-1),
      volume: Number(data.at(-1)?.[5]),
      decimals: precision,
    });
    last.current = candles.at(-1) ?? null;
    drawn.current = { data, theme };
    if (!scrolled.current) chart.current?.timeScale().scrollToRealTime();
    scrolled.current = true;
  }, [data, theme]);

  // While the socket is down the ticker's price moves the last candle; with it up the kline frames
  // are the one source, so a price and a frame never pull the candle two ways (0071, "The candles").
  useEffect(() => {
    const price = Number(livePrice);
    const candle = last.current;
    if (socketOpen || !series.current || !candle || !Number.isFinite(price) || price <= 0) return;
    const length = KLINE_INTERVALS[interval] / 1000;
    // Counted from the last candle's own open: a week opens on a Monday, not on the epoch's Thursday.
    const open = candle.time + Math.floor((Date.now() / 1000 - candle.time) / length) * length;
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
  }, [livePrice, interval, socketOpen]);

  const shown = (value: number | undefined, decimals: number) =>
    value === undefined || !Number.isFinite(value) ? '–' : number(value.toFixed(decimals));
  const decimals = legend.decimals;
  return (
    <div className="relative flex h-full w-full flex-col">
      <p
        className="flex flex-wrap gap-x-2 px-2 text-[10px] leading-4 tabular-nums"
        data-testid="chart-legend"
        translate="no"
      >
        {MA_PERIODS.map((period, i) => (
          <span key={period} className="text-muted">
            <Swatch color={MA_COLORS[i]!} />
            MA({period}) {shown(legend.ma[i], decimals)}
          </span>
        ))}
        <span className="text-muted">VOL {shown(legend.volume, 2)}</span>
        <span className="text-muted">
          <Swatch color={RSI_COLOR} />
          RSI({RSI_PERIOD}) {shown(legend.rsi, 2)}
        </span>
      </p>
      <div
        ref={container}
        // A figure, not an image: the chart library puts its (focusable) attribution link inside.
        role="figure"
        // The library's attribution link inside is its maker's notice, not the app's text.
        translate="no"
        aria-label={t('trade.common.candlesticks', { symbol, interval })}
        className="min-h-0 w-full flex-1"
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
