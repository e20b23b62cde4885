/**
 * The Markets list of one quote tab: pair with volume, last price (4 decimals, 8 below 0.0001) and
 * 24h change. Rows are memoised on their numbers, so a refresh re-renders only the pairs that moved.
 * A pair opens the screen where it trades (web/lib/paths.ts pairPathOf): a lever coin the Lever screen,
 * another spot-tradable pair the Exchange screen; any other pair is not a link.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import type { Ticker24h } from '../../../shared/api/market.js';
import { formatMarketPrice } from '../../../shared/format.js';
import { splitSymbol } from '../../../shared/market.js';
import { useI18n, useT } from '../../lib/i18n';
import { pairPathOf } from '../../lib/paths';
import { ChangePill } from './change';
import { formatCompactVolume } from './volume';

const ROW = 'grid min-h-[60px] grid-cols-[1fr_auto_92px] items-center gap-2 px-4';

interface PairRowProps {
  symbol: string;
  lastPrice: string;
  priceChangePercent: string;
  quoteVolume: string;
}

const PairRow = memo(function PairRow({ symbol, lastPrice, priceChangePercent, quoteVolume }: PairRowProps) {
  const { t, number } = useI18n();
  const pair = splitSymbol(symbol);
  const to = pairPathOf(symbol);
  const content = (
    <>
      <span className="min-w-0">
        <span className="block truncate text-[15px] font-semibold">
          {pair?.baseAsset ?? symbol}
          {pair && <span className="text-[12px] font-normal text-muted">/{pair.quoteAsset}</span>}
        </span>
        <span className="block truncate text-[12px] text-muted">
          {t('markets.vol', { volume: number(formatCompactVolume(quoteVolume)) })}
        </span>
      </span>
      <span className="text-right text-[15px] font-medium tabular-nums">{number(formatMarketPrice(lastPrice))}</span>
      <span className="flex justify-end">
        <ChangePill percent={priceChangePercent} />
      </span>
    </>
  );
  return (
    <li data-symbol={symbol}>
      {to ? (
        <Link to={to} className={`${ROW} hover:bg-surface-2`}>
          {content}
        </Link>
      ) : (
        <div className={ROW}>{content}</div>
      )}
    </li>
  );
});

export function PairList({ pairs }: { pairs: readonly Ticker24h[] }) {
  const t = useT();
  return (
    <>
      <div className="grid grid-cols-[1fr_auto_92px] gap-2 px-4 py-2 text-[12px] text-muted" aria-hidden="true">
        <span>{t('markets.pairVol')}</span>
        <span className="text-right">{t('markets.lastPrice')}</span>
        <span className="text-right">{t('markets.change24h')}</span>
      </div>
      <ul aria-label={t('markets.pairs')} className="divide-y divide-line/60">
        {pairs.map((t) => (
          <PairRow
            key={t.symbol}
            symbol={t.symbol}
            lastPrice={t.lastPrice}
            priceChangePercent={t.priceChangePercent}
            quoteVolume={t.quoteVolume}
          />
        ))}
      </ul>
    </>
  );
}
