/**
 * Below the order form (docs/product.md 2 "Open orders"): open positions and resting limit orders in
 * two tabs, each with its count (docs/decisions/0031-lever-results.md), newest first, in a list that scrolls at 320 px. The tabs
 * take the place of docs/product.md's 'hold positions' button, which narrowed the one list to the
 * positions: the Positions tab is exactly that list (docs/decisions/0031-lever-results.md).
 */
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { TradeItem } from '../../../shared/api/trade';
import { OPEN_ORDERS_MAX_HEIGHT_PX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { useI18n, type TextKey } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { HistoryIcon } from './icons';
import { OpenOrderRow } from './OpenOrderRow';

export type OrdersTab = 'positions' | 'orders';

export const TAB_NAME: Record<OrdersTab, TextKey> = {
  positions: 'trade.lever.positions',
  orders: 'trade.lever.openOrders',
};
export const TABS: readonly OrdersTab[] = ['positions', 'orders'];

/** The trades of each tab: open positions, and the limit orders still resting. */
export function tradesByTab(trades: readonly TradeItem[] | undefined): Record<OrdersTab, TradeItem[]> {
  const all = trades ?? [];
  return {
    positions: all.filter((trade) => trade.status === 'open'),
    orders: all.filter((trade) => trade.status === 'pending'),
  };
}

/**
 * The tabs' section; its tab is the screen's, so the summary at the top (PositionsSummary) can open
 * either (docs/decisions/0061-trade-form.md).
 */
export function OpenOrders({
  trades,
  loading,
  tab: shownTab,
  onTab,
}: {
  trades: readonly TradeItem[] | undefined;
  loading: boolean;
  /** The screen's tab; without it the section keeps its own. */
  tab?: OrdersTab;
  onTab?: (tab: OrdersTab) => void;
}) {
  const [ownTab, setOwnTab] = useState<OrdersTab>('positions');
  const tab = shownTab ?? ownTab;
  const setTab = (next: OrdersTab) => {
    setOwnTab(next);
    onTab?.(next);
  };
  const { t, message } = useI18n();
  const lists = tradesByTab(trades);
  const shown = lists[tab];

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'positions' ? 'orders' : 'positions';
    setTab(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`#lever-tab-${next}`)?.focus();
  };

  return (
    <section
      id="lever-orders"
      aria-labelledby="open-orders-title"
      className="scroll-mt-2 rounded-2xl bg-surface px-4 pt-1 shadow-card"
    >
      <h2 id="open-orders-title" className="sr-only">
        {t('trade.lever.positionsAndOrders')}
      </h2>
      <div className="flex items-center gap-1 border-b border-line">
        <div
          role="tablist"
          aria-label={t('trade.lever.positionsAndOrders')}
          onKeyDown={move}
          className="flex min-w-0 flex-1"
        >
          {TABS.map((name) => {
            const selected = name === tab;
            return (
              <button
                key={name}
                id={`lever-tab-${name}`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls="lever-tab-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(name)}
                className={cx(
                  '-mb-px flex h-touch items-center gap-1 whitespace-nowrap border-b-2 px-2 text-[14px] font-semibold first:pl-0',
                  selected ? 'border-primary text-ink' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {t(TAB_NAME[name])}{' '}
                <span className={cx('tabular-nums', selected ? 'text-primary' : 'font-normal')}>
                  ({lists[name].length})
                </span>
              </button>
            );
          })}
        </div>
        <Link
          to={PATHS.entrustmentHistory}
          className="-mr-2 flex h-touch items-center gap-1 rounded-lg px-1.5 text-xs font-semibold text-primary hover:bg-primary/10"
        >
          <HistoryIcon size={16} />
          {t('trade.lever.history')}
        </Link>
      </div>
      <div id="lever-tab-panel" role="tabpanel" aria-labelledby={`lever-tab-${tab}`}>
        {shown.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted">
            {loading ? t('trade.common.loading') : message(MSG.noRecord)}
          </p>
        ) : (
          <ul
            aria-label={t(TAB_NAME[tab])}
            className="-mx-4 overflow-y-auto overscroll-contain px-4"
            style={{ maxHeight: OPEN_ORDERS_MAX_HEIGHT_PX }}
          >
            {shown.map((trade) => (
              <OpenOrderRow key={trade.trade_id} trade={trade} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
