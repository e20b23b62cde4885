/**
 * The coin selector (docs/product.md 2): a drawer with the main USDT pairs (or the given ones: the
 * Exchange screen's spot pairs), their price and 24h change, refreshed every 10 s while it is open.
 * A search over symbol and name finds a pair as Markets' search does (docs/decisions/0061-trade-form.md);
 * USDO's price comes from our server (it has no market ticker). Choosing one closes it.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IN_HOUSE_COIN, QUOTE_CURRENCY } from '../../../shared/constants';
import { formatChangePercent } from '../../../shared/format';
import { coinName, MAIN_SYMBOLS, splitSymbol } from '../../../shared/market';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { SideDrawer } from '../../components/Overlay';
import { useI18n } from '../../lib/i18n';
import { defaultCurrencyQuery, leverCoinListQuery, matchesQuery, PairSearch } from '../market';
import { formatTradePrice, pairLabel } from './display';

export function CoinDrawer({
  open,
  onClose,
  selected,
  onSelect,
  symbols = MAIN_SYMBOLS,
}: {
  open: boolean;
  onClose: () => void;
  selected: string;
  onSelect: (coin: string) => void;
  symbols?: readonly string[];
}) {
  const { t, message, number } = useI18n();
  const [query, setQuery] = useState('');
  const inHouseSymbol = `${IN_HOUSE_COIN}${QUOTE_CURRENCY}`;
  const withInHouse = symbols.includes(inHouseSymbol);
  const list = useQuery({ ...leverCoinListQuery(symbols.filter((s) => s !== inHouseSymbol)), enabled: open });
  const inHouse = useQuery({ ...defaultCurrencyQuery(), enabled: open && withInHouse });
  const bySymbol = new Map<string, { lastPrice: string; priceChangePercent?: string }>(
    (list.data ?? []).map((ticker) => [ticker.symbol, ticker]),
  );
  if (inHouse.data) bySymbol.set(inHouseSymbol, { lastPrice: inHouse.data.price });
  const found = symbols.filter((symbol) => matchesQuery(symbol, query));
  const finish = (action: () => void) => {
    setQuery('');
    action();
  };

  return (
    <SideDrawer open={open} onClose={() => finish(onClose)} title={t('trade.common.usdtPairs')} showTitle>
      <div className="px-5 pt-3">
        <PairSearch value={query} onChange={setQuery} testId="coin-search" />
      </div>
      <div className="flex justify-between px-5 pb-1 pt-3 text-[11px] text-muted">
        <span>{t('trade.common.pair')}</span>
        <span>{t('trade.common.lastPriceChange')}</span>
      </div>
      {list.data === undefined && !list.isError ? (
        <p className="px-5 py-10 text-center text-sm text-muted">{message(MSG.loadingCoins)}</p>
      ) : found.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-muted">{t('pairs.noMatch')}</p>
      ) : (
        <ul className="pb-4">
          {found.map((symbol) => {
            const coin = splitSymbol(symbol)?.baseAsset ?? symbol;
            const ticker = bySymbol.get(symbol);
            const change = ticker?.priceChangePercent;
            const falling = change?.trim().startsWith('-') ?? false;
            const current = coin === selected;
            return (
              <li key={symbol}>
                <button
                  type="button"
                  aria-current={current || undefined}
                  onClick={() => finish(() => onSelect(coin))}
                  className={cx(
                    'flex min-h-[56px] w-full items-center gap-3 px-5 text-left transition-colors hover:bg-surface-2',
                    current && 'bg-primary/5',
                  )}
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className={cx('text-[15px] font-semibold', current && 'text-primary')}>
                      {pairLabel(coin)}
                    </span>
                    <span className="truncate text-xs text-muted">{coinName(coin)}</span>
                  </span>
                  <span className="flex flex-col items-end gap-0.5 tabular-nums">
                    <span className="text-sm font-medium">{number(formatTradePrice(ticker?.lastPrice))}</span>
                    <span
                      className={cx(
                        'min-w-[64px] rounded px-1.5 py-0.5 text-center text-xs font-semibold',
                        change === undefined
                          ? 'bg-surface-2 text-muted'
                          : falling
                            ? 'bg-down text-white'
                            : 'bg-up text-white',
                      )}
                    >
                      {change === undefined ? '--' : number(formatChangePercent(change))}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </SideDrawer>
  );
}
