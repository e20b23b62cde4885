/**
 * The chart's candles over `<symbol>@kline_<interval>` (docs/decisions/0071-lever-screen-push.md,
 * "The candles"): read once, then each frame applied in place with `series.update` (the trader's scroll
 * and zoom stay); the 60 s re-read only while the socket is down. The chart library is replaced by a
 * recorder of what the chart asks of its series.
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest } from '../../../../tests/helpers/fake-web-api';
import { fakeSocket } from '../../../../tests/helpers/fake-socket';
import type { Kline } from '../../../shared/api/market';
import type { KlineInterval } from '../../../shared/market';
import { ThemeProvider } from '../../lib/theme';
import { CandleChart } from './CandleChart';
import { lastIndicators, mergeKline, streamedKline } from './live-candles';

const fake = vi.hoisted(() => ({ open: true, socket: null as unknown }));
vi.mock('../../lib/sockets', () => ({ marketSocket: () => fake.socket, userSocket: () => fake.socket }));

/** What the chart asked of its series: `candles`, `volume`, `line0`..`line2` (MA 7/25/99), `line3` (RSI). */
const drawing = vi.hoisted(() => ({
  calls: [] as { series: string; method: 'setData' | 'update'; data: unknown }[],
  scrolls: 0,
}));
vi.mock('lightweight-charts', () => {
  const noop = () => undefined;
  const scale = { applyOptions: noop };
  return {
    CandlestickSeries: 'candles',
    HistogramSeries: 'volume',
    LineSeries: 'line',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    LineStyle: { Dashed: 2 },
    createChart: () => {
      let lines = 0;
      return {
        addSeries: (kind: string) => {
          const series = kind === 'line' ? `line${lines++}` : kind;
          return {
            setData: (data: unknown) => drawing.calls.push({ series, method: 'setData', data }),
            update: (data: unknown) => drawing.calls.push({ series, method: 'update', data }),
            applyOptions: noop,
            priceScale: () => scale,
            createPriceLine: noop,
          };
        },
        priceScale: () => scale,
        panes: () => [],
        applyOptions: noop,
        timeScale: () => ({ scrollToRealTime: () => void drawing.scrolls++ }),
        remove: noop,
      };
    },
  };
});

const MINUTE = 60_000;
/** The open time of the last of the 200 candles read: now is 30 s into it. */
const LAST_OPEN = Date.UTC(2026, 10, 29, 12, 0);
const NOW = LAST_OPEN + 30_000;

const kline = (open: number, close: string, volume = '2'): Kline => [
  open,
  '100',
  close > '100' ? close : '100',
  close < '100' ? close : '100',
  close,
  volume,
  open + MINUTE - 1,
  '200',
  5,
  '1',
  '100',
  '0',
];
const history = (): Kline[] =>
  Array.from({ length: 200 }, (_, i) => kline(LAST_OPEN - (199 - i) * MINUTE, i % 2 ? '101' : '99'));

function frame(k: Kline, { s = 'BTCUSDT', i = '1m' }: { s?: string; i?: string } = {}) {
  const [t, o, h, l, c, v, T, q, n, V, Q, B] = k;
  return { e: 'kline', E: NOW, s, k: { t, T, s, i, f: -1, L: -1, o, c, h, l, v, n, x: false, q, V, Q, B } };
}

const api = fakeApiPerTest();
let socket: ReturnType<typeof fakeSocket>;
let client: QueryClient;
const klineReads = () => api.callsTo('GET /api/v3/klines').length;
const calls = (method: 'setData' | 'update', series = 'candles') =>
  drawing.calls.filter((c) => c.method === method && c.series === series);
const lastUpdate = (series: string) => calls('update', series).at(-1)?.data;
const legend = () => screen.getByTestId('chart-legend').textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function Chart({ interval = '1m', livePrice }: { interval?: KlineInterval; livePrice?: string }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <CandleChart symbol="BTCUSDT" interval={interval} livePrice={livePrice} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The chart open and its candles drawn once. */
async function openChart(props: { interval?: KlineInterval; livePrice?: string } = {}) {
  const view = render(<Chart {...props} />);
  await vi.waitFor(() => expect(calls('setData').some((c) => (c.data as unknown[]).length === 200)).toBe(true));
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  fake.open = true;
  socket = fakeSocket(fake);
  fake.socket = socket.socket;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  drawing.calls = [];
  drawing.scrolls = 0;
  api.on('GET /api/v3/klines', [200, history()]);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => client.clear());

describe('the candles over the stream socket', () => {
  it('reads the candles once and never again while the socket is up', async () => {
    await openChart();
    await wait(3 * MINUTE + 1_000);
    expect(klineReads()).toBe(1);
    expect(socket.socket.streams()).toEqual(['btcusdt@kline_1m']);
  });

  it('applies a frame of the last candle in place: the candle, its volume, the averages, the RSI, the legend', async () => {
    await openChart();
    const before = legend();
    const setDataCalls = drawing.calls.filter((c) => c.method === 'setData').length;
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN, '150', '9')));
    expect(lastUpdate('candles')).toEqual({ time: LAST_OPEN / 1000, open: 100, high: 150, low: 100, close: 150 });
    expect(lastUpdate('volume')).toMatchObject({ time: LAST_OPEN / 1000, value: 9 });
    const closes = [
      ...history()
        .slice(0, -1)
        .map((k) => Number(k[4])),
      150,
    ];
    const { ma, rsi } = lastIndicators(closes);
    ['line0', 'line1', 'line2'].forEach((line, i) =>
      expect(lastUpdate(line)).toEqual({ time: LAST_OPEN / 1000, value: ma[i] }),
    );
    expect(lastUpdate('line3')).toEqual({ time: LAST_OPEN / 1000, value: rsi });
    await vi.waitFor(() => expect(legend()).not.toBe(before));
    expect(legend()).toContain(`MA(7) ${ma[0]!.toFixed(2)}`);
    expect(legend()).toContain('VOL 9.00');
    // No redrawing, no scrolling back to the latest candle: the trader's view stays.
    expect(drawing.calls.filter((c) => c.method === 'setData')).toHaveLength(setDataCalls);
    expect(drawing.scrolls).toBe(1);
    // Cached too: the chart opened again shows the streamed candle, without another read.
    expect(client.getQueryData<Kline[]>(['market', 'klines', 'BTCUSDT', '1m', 200])?.at(-1)?.[4]).toBe('150');
  });

  it('adds the next candle in place, keeping 200 in the cache, and the chart opened again draws them', async () => {
    const view = await openChart();
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN + MINUTE, '120')));
    expect(lastUpdate('candles')).toMatchObject({ time: (LAST_OPEN + MINUTE) / 1000, close: 120 });
    expect(calls('setData').filter((c) => (c.data as unknown[]).length > 0)).toHaveLength(1);
    await wait(100);
    view.unmount();
    drawing.calls = [];
    render(<Chart />);
    await vi.waitFor(() => expect(calls('setData').some((c) => (c.data as unknown[]).length === 200)).toBe(true));
    const drawn = calls('setData').at(-1)!.data as { time: number; close: number }[];
    expect(drawn.at(-1)).toMatchObject({ time: (LAST_OPEN + MINUTE) / 1000, close: 120 });
    expect(drawn[0]!.time).toBe((LAST_OPEN - 198 * MINUTE) / 1000);
    expect(klineReads()).toBe(1);
  });

  it("ignores another pair's, another interval's, late and malformed frames", async () => {
    await openChart();
    const updates = () => drawing.calls.filter((c) => c.method === 'update').length;
    const valid = frame(kline(LAST_OPEN, '150'));
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN, '150'), { s: 'ETHUSDT' }));
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN, '150'), { i: '5m' }));
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN - MINUTE, '150')));
    for (const broken of [
      null,
      'kline',
      { ...valid, e: '24hrTicker' },
      { ...valid, k: null },
      { ...valid, k: { ...valid.k, c: 'NaN' } },
      { ...valid, k: { ...valid.k, h: 150 } },
      { ...valid, k: { ...valid.k, t: '1' } },
      { ...valid, k: { ...valid.k, c: '-1' } },
    ])
      socket.emit('btcusdt@kline_1m', broken);
    expect(updates()).toBe(0);
    expect(client.getQueryData<Kline[]>(['market', 'klines', 'BTCUSDT', '1m', 200])?.at(-1)?.[4]).toBe('101');
  });

  it('with the socket up, the live price does not move the candle (the frames do)', async () => {
    const view = await openChart({ livePrice: '100' });
    view.rerender(<Chart livePrice="180" />);
    await wait(100);
    expect(calls('update')).toHaveLength(0);
  });

  it('reads the candles again when a frame shows some were missed', async () => {
    await openChart();
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN + 3 * MINUTE, '120')));
    await vi.waitFor(() => expect(klineReads()).toBe(2));
    expect(calls('update')).toHaveLength(0);
  });
});

describe('the candles while the socket is down', () => {
  it('reads them every 60 s and the live price moves the last candle', async () => {
    fake.open = false;
    // Each read a little later in the market: its last candle closed higher.
    api.on('GET /api/v3/klines', () => [
      200,
      [...history().slice(0, -1), kline(LAST_OPEN, String(110 + klineReads()))],
    ]);
    const view = await openChart({ livePrice: '100' });
    view.rerender(<Chart livePrice="180" />);
    await vi.waitFor(() => expect(lastUpdate('candles')).toMatchObject({ time: LAST_OPEN / 1000, close: 180 }));
    await wait(MINUTE + 1_000);
    expect(klineReads()).toBe(2);
    await wait(MINUTE);
    expect(klineReads()).toBe(3);
    // A re-read draws the candles whole but leaves the trader's scroll alone.
    await vi.waitFor(() =>
      expect((calls('setData').at(-1)!.data as { close: number }[]).at(-1)).toMatchObject({ close: 113 }),
    );
    expect(drawing.scrolls).toBe(1);
  });

  it('a late frame after the live price began the next candle is drawn whole, never updated backwards', async () => {
    fake.open = false;
    const view = await openChart({ livePrice: '100' });
    await wait(40_000);
    view.rerender(<Chart livePrice="180" />);
    await vi.waitFor(() => expect(lastUpdate('candles')).toMatchObject({ time: (LAST_OPEN + MINUTE) / 1000 }));
    const drawnWhole = calls('setData').length;
    socket.status('open');
    socket.emit('btcusdt@kline_1m', frame(kline(LAST_OPEN, '150')));
    const times = calls('update').map((c) => (c.data as { time: number }).time);
    expect(times.every((time, i) => i === 0 || time >= times[i - 1]!)).toBe(true);
    await vi.waitFor(() => expect(calls('setData').length).toBeGreaterThan(drawnWhole));
  });

  it('reads them once when the socket comes back, then no more', async () => {
    await openChart();
    socket.status('closed');
    await wait(1_000);
    expect(klineReads()).toBe(1);
    socket.status('open');
    await vi.waitFor(() => expect(klineReads()).toBe(2));
    await wait(2 * MINUTE);
    expect(klineReads()).toBe(2);
  });
});

describe('a streamed candle against the kept ones', () => {
  const kept = history();
  it('replaces the last, appends the next keeping the limit, refuses late ones and gaps', () => {
    const same = mergeKline(kept, kline(LAST_OPEN, '150'), '1m');
    expect(same.kind).toBe('replace');
    expect(same.kind === 'replace' && [same.klines.length, same.klines.at(-1)?.[4]]).toEqual([200, '150']);
    const next = mergeKline(kept, kline(LAST_OPEN + MINUTE, '150'), '1m');
    expect(next.kind === 'append' && [next.klines.length, next.klines[0]![0]]).toEqual([200, kept[1]![0]]);
    expect(mergeKline(kept.slice(0, 10), kline(kept[10]![0], '1'), '1m')).toMatchObject({ kind: 'append' });
    expect(mergeKline(kept, kline(LAST_OPEN - MINUTE, '150'), '1m').kind).toBe('stale');
    expect(mergeKline(kept, kline(LAST_OPEN + 2 * MINUTE, '150'), '1m').kind).toBe('gap');
    expect(mergeKline(kept, kline(LAST_OPEN + 2 * MINUTE, '150'), '5m').kind).toBe('append');
  });

  it('reads a frame as the kline GET /api/v3/klines serves', () => {
    const k = kline(LAST_OPEN, '150');
    expect(streamedKline('BTCUSDT', '1m', frame(k))).toEqual(k);
    expect(streamedKline('ETHUSDT', '1m', frame(k))).toBeNull();
  });
});
