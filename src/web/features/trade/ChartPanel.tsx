/**
 * The chart card above the order form: 1m, 5m, 15m, 1h, 4h or 1d candles of the selected pair (docs/decisions/0031-lever-results.md;
 * GET /api/v3/klines serves every Binance interval, src/server/modules/market/intervals.ts). The chart library
 * loads with this card only (its own chunk), so other pages never download it.
 */
import { lazy, Suspense, useState } from 'react';
import type { KlineInterval } from '../../../shared/market';
import { useT } from '../../lib/i18n';
import { Segmented, type SegmentOption } from './Segmented';

const CandleChart = lazy(async () => ({ default: (await import('./CandleChart')).CandleChart }));

/** The intervals a trader switches between, shortest first. */
const CHART_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const satisfies readonly KlineInterval[];
const INTERVALS: readonly SegmentOption<KlineInterval>[] = CHART_INTERVALS.map((value) => ({ value, label: value }));

export function ChartPanel({ symbol, livePrice }: { symbol: string; livePrice: string | undefined }) {
  const [interval, setChartInterval] = useState<KlineInterval>('1m');
  const t = useT();
  return (
    <section aria-label={t('trade.common.priceChart')} className="overflow-hidden rounded-2xl bg-surface shadow-card">
      <div className="flex items-center justify-between pl-3 pr-2 pt-2">
        <h2 className="text-xs font-semibold text-muted">{t('trade.common.candles')}</h2>
        <Segmented
          label={t('trade.common.chartInterval')}
          options={INTERVALS}
          value={interval}
          onChange={setChartInterval}
          size="sm"
          className="w-[264px] max-w-[75%]"
        />
      </div>
      <div className="h-[184px] px-1 pb-1">
        <Suspense fallback={<div className="h-full w-full animate-pulse rounded-xl bg-surface-2" aria-hidden="true" />}>
          <CandleChart symbol={symbol} interval={interval} livePrice={livePrice} />
        </Suspense>
      </div>
    </section>
  );
}
