/**
 * The chart card of the Lever and Exchange screens: candles with volume, MA 7/25/99 and RSI 14, or the
 * depth chart, at 1m to 1W (GET /api/v3/klines serves every Binance interval,
 * src/server/modules/market/intervals.ts; docs/decisions/0060-markets-and-charts.md). The full-screen
 * button opens the same chart over the whole screen as `?chart=full`, so Back closes it as Escape does.
 * The chart library loads with this card only (its own chunk), so other pages never download it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import type { KlineInterval } from '../../../shared/market';
import { useModalBehaviour } from '../../components/Overlay';
import { CloseIcon, Icon, type IconProps } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { Segmented, type SegmentOption } from './Segmented';

const CandleChart = lazy(async () => ({ default: (await import('./CandleChart')).CandleChart }));
const DepthChart = lazy(async () => ({ default: (await import('./DepthChart')).DepthChart }));

/** The intervals a trader switches between, 1 minute to 1 week (written 1D and 1W as the big apps do). */
const CHART_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const satisfies readonly KlineInterval[];
const INTERVALS: readonly SegmentOption<KlineInterval>[] = CHART_INTERVALS.map((value) => ({
  value,
  label: value.endsWith('d') || value.endsWith('w') ? value.toUpperCase() : value,
}));

type ChartView = 'candles' | 'depth';
const FULL = 'full';

const FullScreenIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

interface ChartProps {
  symbol: string;
  livePrice: string | undefined;
}

function ChartBody({ symbol, livePrice, view, interval }: ChartProps & { view: ChartView; interval: KlineInterval }) {
  return (
    <Suspense fallback={<div className="h-full w-full animate-pulse rounded-xl bg-surface-2" aria-hidden="true" />}>
      {view === 'candles' ? (
        <CandleChart symbol={symbol} interval={interval} livePrice={livePrice} />
      ) : (
        <DepthChart symbol={symbol} />
      )}
    </Suspense>
  );
}

export function ChartPanel({ symbol, livePrice }: ChartProps) {
  const [interval, setChartInterval] = useState<KlineInterval>('1m');
  const [view, setView] = useState<ChartView>('candles');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const opened = useRef(false);
  const t = useT();
  const full = params.get('chart') === FULL;
  const views: readonly SegmentOption<ChartView>[] = [
    { value: 'candles', label: t('pairs.chart.candles') },
    { value: 'depth', label: t('pairs.chart.depth') },
  ];

  const open = () => {
    const next = new URLSearchParams(params);
    next.set('chart', FULL);
    opened.current = true;
    setParams(next);
  };
  const close = () => {
    // Opened here: Back, so the history has no full-screen entry left; opened by a link: drop the parameter.
    if (opened.current) {
      opened.current = false;
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete('chart');
    setParams(next, { replace: true });
  };
  const panel = useModalBehaviour(full, close);

  const controls = (
    <div className="flex flex-col gap-1.5 px-2 pt-2">
      <div className="flex items-center justify-between gap-2">
        <Segmented
          label={t('pairs.chart.view')}
          options={views}
          value={view}
          onChange={setView}
          size="sm"
          className="w-[224px]"
        />
        {full ? (
          <button
            type="button"
            onClick={close}
            aria-label={t('pairs.chart.closeFullScreen')}
            className="flex h-touch w-touch items-center justify-center rounded-full text-muted hover:text-ink"
            data-autofocus
          >
            <CloseIcon size={20} />
          </button>
        ) : (
          <button
            type="button"
            onClick={open}
            aria-label={t('pairs.chart.fullScreen')}
            className="flex h-touch w-touch items-center justify-center rounded-full text-muted hover:text-ink"
            data-testid="chart-full-screen"
          >
            <FullScreenIcon size={20} />
          </button>
        )}
      </div>
      {view === 'candles' && (
        <Segmented
          label={t('trade.common.chartInterval')}
          options={INTERVALS}
          value={interval}
          onChange={setChartInterval}
          size="sm"
        />
      )}
    </div>
  );

  return (
    <section aria-label={t('trade.common.priceChart')} className="overflow-hidden rounded-2xl bg-surface shadow-card">
      {full ? (
        <>
          <div className="h-[292px]" aria-hidden="true" />
          {createPortal(
            <div
              ref={panel}
              role="dialog"
              aria-modal="true"
              aria-label={t('pairs.chart.fullScreenTitle', { pair: symbol })}
              className="fixed inset-0 z-50 flex flex-col bg-surface pb-[env(safe-area-inset-bottom)]"
              data-testid="chart-full"
            >
              {controls}
              <div className="min-h-0 flex-1 px-1 pb-1 pt-1">
                <ChartBody symbol={symbol} livePrice={livePrice} view={view} interval={interval} />
              </div>
            </div>,
            document.body,
          )}
        </>
      ) : (
        <>
          {controls}
          <div className="h-[250px] px-1 pb-1 pt-1">
            <ChartBody symbol={symbol} livePrice={livePrice} view={view} interval={interval} />
          </div>
        </>
      )}
    </section>
  );
}
