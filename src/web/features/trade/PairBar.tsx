/**
 * The Lever screen's top: the pair button that opens the coin drawer, the live price with its
 * 24h change, and the day's high, low and volume.
 */
import type { ReactNode } from 'react';
import { QUOTE_CURRENCY } from '../../../shared/constants';
import { formatChangePercent } from '../../../shared/format';
import { dec } from '../../../shared/money';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { formatTradePrice, pairLabel } from './display';
import { ChevronDownIcon, CoinListIcon } from './icons';
import type { LivePrice } from './live-price';

/** 1234567.89 -> '1.23M' for the volume line. */
function compactVolume(value: string | undefined): string {
  if (!value) return '--';
  const d = dec(value);
  if (d.gte(1e9)) return `${d.div(1e9).toFixed(2)}B`;
  if (d.gte(1e6)) return `${d.div(1e6).toFixed(2)}M`;
  if (d.gte(1e3)) return `${d.div(1e3).toFixed(2)}K`;
  return d.toFixed(2);
}

export function PairBar({
  coin,
  live,
  drawerOpen,
  onOpenCoins,
  action,
}: {
  coin: string;
  live: LivePrice;
  drawerOpen: boolean;
  onOpenCoins: () => void;
  /** At the row's end: the price alert bell (docs/decisions/0055). */
  action?: ReactNode;
}) {
  const { t, number } = useI18n();
  const falling = live.changePercent?.trim().startsWith('-') ?? false;
  const tone = live.changePercent === undefined ? 'text-ink' : falling ? 'text-down' : 'text-up';
  return (
    <header className="px-4 pb-2 pt-1">
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={onOpenCoins}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-label={t('trade.common.chooseCoin', { pair: pairLabel(coin) })}
          className="-ml-2 flex h-touch items-center gap-1.5 rounded-xl px-2 hover:bg-surface-2"
        >
          <CoinListIcon size={18} />
          <span className="text-lg font-bold tracking-tight">{pairLabel(coin)}</span>
          <ChevronDownIcon size={16} className="text-muted" />
        </button>
        <span
          className={cx(
            'rounded px-1.5 py-0.5 text-xs font-semibold',
            // The green tint stays light enough for AA contrast of 12 px text on the page background.
            falling ? 'bg-down/10 text-down' : 'bg-up/5 text-up',
          )}
        >
          {number(formatChangePercent(live.changePercent))}
        </span>
        {action}
      </div>
      <div className="mt-1 flex items-end justify-between gap-3">
        <p
          className={cx('text-[28px] font-bold leading-8 tabular-nums', tone)}
          aria-label={t('trade.common.lastPrice')}
          aria-live="off"
        >
          {number(formatTradePrice(live.price))}
        </p>
        <dl className="grid grid-cols-[auto_auto] gap-x-2 text-[11px] leading-4 tabular-nums">
          <dt className="text-muted">{t('trade.common.high24h')}</dt>
          <dd className="text-right">{number(formatTradePrice(live.ticker?.highPrice))}</dd>
          <dt className="text-muted">{t('trade.common.low24h')}</dt>
          <dd className="text-right">{number(formatTradePrice(live.ticker?.lowPrice))}</dd>
          <dt className="text-muted">{t('trade.common.volume24h', { currency: QUOTE_CURRENCY })}</dt>
          <dd className="text-right">{number(compactVolume(live.ticker?.quoteVolume))}</dd>
        </dl>
      </div>
    </header>
  );
}
