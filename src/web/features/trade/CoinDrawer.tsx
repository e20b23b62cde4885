/**
 * The coin selector (docs/product.md 2): a drawer with the main USDT pairs (or the given ones: the
 * Exchange screen's spot pairs), their price and 24h change, refreshed every 10 s while it is open.
 * Choosing one closes it.
 */
import { useQuery } from '@tanstack/react-query';
import { formatChangePercent } from '../../../shared/format';
import { coinName, MAIN_SYMBOLS, splitSymbol } from '../../../shared/market';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { SideDrawer } from '../../components/Overlay';
import { useI18n } from '../../lib/i18n';
import { leverCoinListQuery } from '../market';
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
  const list = useQuery({ ...leverCoinListQuery(symbols), enabled: open });
  const bySymbol = new Map((list.data ?? []).map((ticker) => [ticker.symbol, ticker]));

  return (
    <SideDrawer open={open} onClose={onClose} title={t('trade.common.usdtPairs')} showTitle>
      <div className="flex justify-between px-5 pb-1 pt-3 text-[11px] text-muted">
        <span>{t('trade.common.pair')}</span>
        <span>{t('trade.common.lastPriceChange')}</span>
      </div>
      {list.data === undefined && !list.isError ? (
        <p className="px-5 py-10 text-center text-sm text-muted">{message(MSG.loadingCoins)}</p>
      ) : (
        <ul className="pb-4">
          {symbols.map((symbol) => {
            const coin = splitSymbol(symbol)?.baseAsset ?? symbol;
            const ticker = bySymbol.get(symbol);
            const falling = ticker?.priceChangePercent.trim().startsWith('-') ?? false;
            const current = coin === selected;
            return (
              <li key={symbol}>
                <button
                  type="button"
                  aria-current={current || undefined}
                  onClick={() => onSelect(coin)}
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
                        'min-w-[64px] rounded px-1.5 py-0.5 text-center text-xs font-semibold text-white',
                        falling ? 'bg-down' : 'bg-up',
                      )}
                    >
                      {number(formatChangePercent(ticker?.priceChangePercent))}
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
