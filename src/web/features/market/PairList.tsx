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
const STARRED_ROW = 'grid min-h-[60px] grid-cols-[1fr_auto_92px] items-center gap-2 pl-1 pr-4';

interface PairRowProps {
  symbol: string;
  /** The favourite star (docs/decisions/0060): undefined for a signed-out visitor, who keeps none. */
  starred?: boolean | undefined;
  onToggleFavourite?: ((symbol: string, on: boolean) => void) | undefined;
  lastPrice: string;
  priceChangePercent: string;
  quoteVolume: string;
}

const PairRow = memo(function PairRow({
  symbol,
  lastPrice,
  priceChangePercent,
  quoteVolume,
  starred,
  onToggleFavourite,
}: PairRowProps) {
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
  const star = starred !== undefined && onToggleFavourite;
  const row = star ? STARRED_ROW : ROW;
  const shown = pair ? `${pair.baseAsset}/${pair.quoteAsset}` : symbol;
  return (
    <li data-symbol={symbol} className={star ? 'flex items-stretch' : undefined}>
      {star && (
        <button
          type="button"
          aria-pressed={starred}
          aria-label={t('pairs.favourite', { pair: shown })}
          onClick={() => onToggleFavourite(symbol, !starred)}
          className={`flex w-10 shrink-0 items-center justify-center ${starred ? 'text-primary' : 'text-muted'}`}
          data-testid="favourite-star"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
              fill={starred ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      {to ? (
        <Link to={to} className={`${row} min-w-0 flex-1 hover:bg-surface-2`}>
          {content}
        </Link>
      ) : (
        <div className={`${row} min-w-0 flex-1`}>{content}</div>
      )}
    </li>
  );
});

export function PairList({
  pairs,
  favourites,
  onToggleFavourite,
}: {
  pairs: readonly Ticker24h[];
  /** The signed-in user's favourites: each row gets its star (none for a signed-out visitor). */
  favourites?: ReadonlySet<string> | undefined;
  onToggleFavourite?: ((symbol: string, on: boolean) => void) | undefined;
}) {
  const t = useT();
  return (
    <>
      <div
        className={`grid grid-cols-[1fr_auto_92px] gap-2 py-2 pr-4 text-[12px] text-muted ${favourites ? 'pl-11' : 'pl-4'}`}
        aria-hidden="true"
      >
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
            starred={favourites?.has(t.symbol)}
            onToggleFavourite={onToggleFavourite}
          />
        ))}
      </ul>
    </>
  );
}
