/**
 * The positions and open orders at the top of the Lever screen (docs/decisions/0061-trade-form.md): their
 * counts, each a button that opens its tab below the order form and brings it into view, so they are
 * reachable without scrolling past the whole form.
 */
import type { TradeItem } from '../../../shared/api/trade';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { TAB_NAME, TABS, tradesByTab, type OrdersTab } from './OpenOrders';

export function PositionsSummary({
  trades,
  onOpen,
}: {
  trades: readonly TradeItem[] | undefined;
  onOpen: (tab: OrdersTab) => void;
}) {
  const { t } = useI18n();
  const lists = tradesByTab(trades);
  const open = (tab: OrdersTab) => {
    onOpen(tab);
    const section = document.getElementById('lever-orders');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    document.getElementById(`lever-tab-${tab}`)?.focus({ preventScroll: true });
  };
  return (
    <nav aria-label={t('tradeform.summary')} className="flex gap-2">
      {TABS.map((tab) => {
        const count = lists[tab].length;
        return (
          <button
            key={tab}
            type="button"
            onClick={() => open(tab)}
            aria-controls="lever-orders"
            data-testid={`jump-${tab}`}
            className={cx(
              'flex min-h-touch min-w-0 flex-1 items-center justify-between gap-2 rounded-xl bg-surface px-3 py-1.5 text-[13px] font-semibold shadow-card hover:bg-surface-2',
            )}
          >
            {/* An action's name wraps rather than being cut (Spanish and Russian "Open orders" are long). */}
            <span className="min-w-0 text-left leading-tight">{t(TAB_NAME[tab])}</span>
            <span
              className={cx(
                'shrink-0 rounded-full px-2 py-0.5 text-xs tabular-nums',
                count > 0 ? 'bg-primary/10 text-primary' : 'bg-surface-2 text-muted',
              )}
            >
              {count}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
