/**
 * Open orders (docs/product.md 2): open trades and pending limit orders, newest first, in a list that
 * scrolls at 320 px. 'Hold positions' narrows it to open positions (pending orders hidden).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { TradeItem } from '../../../shared/api/trade';
import { OPEN_ORDERS_MAX_HEIGHT_PX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { PATHS } from '../../lib/paths';
import { HistoryIcon } from './icons';
import { OpenOrderRow } from './OpenOrderRow';

export function OpenOrders({ trades, loading }: { trades: readonly TradeItem[] | undefined; loading: boolean }) {
  const [holdOnly, setHoldOnly] = useState(false);
  const all = trades ?? [];
  const shown = holdOnly ? all.filter((trade) => trade.status === 'open') : all;

  return (
    <section aria-labelledby="open-orders-title" className="rounded-2xl bg-surface px-4 pt-3 shadow-card">
      {/* At 360 px the three barely fit: the title gives way (truncates) rather than push History off screen. */}
      <div className="flex items-center gap-1">
        <h2 id="open-orders-title" className="min-w-0 flex-1 truncate text-[15px] font-semibold">
          Open orders <span className="font-normal text-muted">({all.length})</span>
        </h2>
        <button
          type="button"
          aria-pressed={holdOnly}
          onClick={() => setHoldOnly((on) => !on)}
          className="group flex h-touch items-center rounded-full"
        >
          <span
            className={cx(
              'whitespace-nowrap rounded-full border px-2.5 py-1.5 text-[11px] font-semibold transition-colors',
              holdOnly ? 'border-primary bg-primary/10 text-primary' : 'border-line text-muted group-hover:text-ink',
            )}
          >
            Hold positions
          </span>
        </button>
        <Link
          to={PATHS.entrustmentHistory}
          className="-mr-2 flex h-touch items-center gap-1 rounded-lg px-1.5 text-xs font-semibold text-primary hover:bg-primary/10"
        >
          <HistoryIcon size={16} />
          History
        </Link>
      </div>
      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{loading ? 'Loading...' : MSG.noRecord}</p>
      ) : (
        <ul
          aria-label="Open orders"
          className="-mx-4 overflow-y-auto overscroll-contain px-4"
          style={{ maxHeight: OPEN_ORDERS_MAX_HEIGHT_PX }}
        >
          {shown.map((trade) => (
            <OpenOrderRow key={trade.trade_id} trade={trade} />
          ))}
        </ul>
      )}
    </section>
  );
}
