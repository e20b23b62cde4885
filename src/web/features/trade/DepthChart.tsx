/**
 * The depth chart of a pair (docs/decisions/0060-markets-and-charts.md): the served order book
 * (GET /api/v3/depth, 50 levels a side) as cumulative bids left of the mid price and asks right of it,
 * drawn in the theme's up and down colours. A picture of the book, so JS numbers (never money math).
 */
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n';
import { orderBookQuery } from '../market';

const LEVELS = 50;
const WIDTH = 360;
const HEIGHT = 180;

type Level = readonly [string, string];

/** [price, running total] steps, nearest the mid first. */
function cumulative(levels: readonly Level[]): [number, number][] {
  let total = 0;
  return levels.map(([price, qty]) => [Number(price), (total += Number(qty))] as [number, number]);
}

export function DepthChart({ symbol }: { symbol: string }) {
  const { t, number } = useI18n();
  const { data } = useQuery(orderBookQuery(symbol, LEVELS));
  const bids = cumulative(data?.bids ?? []);
  const asks = cumulative(data?.asks ?? []);
  const label = t('pairs.chart.depthFigure', { symbol });
  if (bids.length === 0 || asks.length === 0)
    return (
      <div role="figure" aria-label={label} className="flex h-full items-center justify-center text-xs text-muted">
        {t('trade.common.noChartData')}
      </div>
    );
  const low = bids.at(-1)![0];
  const high = asks.at(-1)![0];
  const most = Math.max(bids.at(-1)![1], asks.at(-1)![1]) || 1;
  const x = (price: number) => (high === low ? WIDTH / 2 : ((price - low) / (high - low)) * WIDTH);
  const y = (total: number) => HEIGHT - (total / most) * (HEIGHT - 8);
  const area = (steps: [number, number][]) => {
    const [first] = steps;
    let path = `M${x(first![0])},${HEIGHT}`;
    let previous = 0;
    for (const [price, total] of steps) {
      path += ` L${x(price)},${y(previous)} L${x(price)},${y(total)}`;
      previous = total;
    }
    return `${path} L${x(steps.at(-1)![0])},${HEIGHT} Z`;
  };
  const mid = (Number(data!.bids[0]![0]) + Number(data!.asks[0]![0])) / 2;
  const decimals = mid >= 1 ? 2 : mid >= 0.0001 ? 4 : 8;
  return (
    <div role="figure" aria-label={label} className="flex h-full flex-col" data-testid="depth-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="min-h-0 w-full flex-1"
        aria-hidden="true"
      >
        <path d={area(bids)} className="fill-up/20 stroke-up" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
        <path d={area(asks)} className="fill-down/20 stroke-down" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="flex justify-between px-2 pt-1 text-[11px] tabular-nums text-muted">
        <span>{number(low.toFixed(decimals))}</span>
        <span>
          <span className="text-up">{t('pairs.chart.bids')}</span> · {number(mid.toFixed(decimals))} ·{' '}
          <span className="text-down">{t('pairs.chart.asks')}</span>
        </span>
        <span>{number(high.toFixed(decimals))}</span>
      </p>
    </div>
  );
}
