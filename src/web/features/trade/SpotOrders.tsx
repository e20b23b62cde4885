/**
 * The Exchange screen's orders (issue 17): the open (resting) spot orders with Cancel, and the order
 * history (filled and cancelled), newest first, in a list that scrolls at 320 px.
 */
import { memo, useState } from 'react';
import type { SpotOrder } from '../../../shared/api/spot';
import { OPEN_ORDERS_MAX_HEIGHT_PX, QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/datetime';
import { useCancelSpotOrder, useSpotOrders } from './api/spot-orders';
import { formatTradePrice, pairLabel } from './display';

const CANCEL_FAILED = 'The order could not be cancelled. Please try again.';
const STATUS_LABEL: Record<SpotOrder['status'], string> = { open: 'Open', filled: 'Filled', cancelled: 'Cancelled' };

function Field({ label, children, wide }: { label: string; children: string; wide?: boolean }) {
  return (
    <div className={cx('flex min-w-0 flex-col gap-0.5', wide && 'col-span-2')}>
      <dt className="whitespace-nowrap text-[11px] text-muted">{label}</dt>
      <dd className="truncate text-[13px] font-medium tabular-nums">{children}</dd>
    </div>
  );
}

const SpotOrderRow = memo(function SpotOrderRow({ order }: { order: SpotOrder }) {
  const cancelling = useCancelSpotOrder();
  const buy = order.side === 'buy';
  const pair = pairLabel(order.coin);
  return (
    <li
      className="border-b border-line py-3 last:border-b-0"
      aria-label={`${pair} ${order.type} ${order.side} ${order.quantity} ${order.coin}`}
    >
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-[15px] font-semibold">{pair}</span>
          <span
            className={cx(
              'rounded px-1.5 py-0.5 text-[11px] font-semibold',
              buy ? 'bg-up/10 text-up' : 'bg-down/10 text-down',
            )}
          >
            {buy ? 'Buy' : 'Sell'}
          </span>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-semibold text-muted">
            {order.type === 'limit' ? 'Limit' : 'Market'} · {STATUS_LABEL[order.status]}
          </span>
        </div>
        {order.status === 'open' && (
          <button
            type="button"
            disabled={cancelling.isPending}
            onClick={() => cancelling.mutate(order.order_id)}
            className="h-touch shrink-0 rounded-lg border border-line px-3 text-xs font-semibold text-ink hover:border-down hover:text-down disabled:opacity-45"
          >
            Cancel
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <Field label={`Quantity (${order.coin})`}>{formatAmount(order.quantity)}</Field>
        <Field label={order.status === 'filled' ? 'Filled at' : 'Limit price'}>
          {formatTradePrice(order.filled_price ?? order.price)}
        </Field>
        <Field
          label={`${order.status === 'open' ? 'Held' : 'Total'} (${order.status === 'open' && !buy ? order.coin : QUOTE_CURRENCY})`}
        >
          {formatAmount(order.status === 'open' ? order.held : (order.total ?? '0'), 8)}
        </Field>
        <Field label={`Fee (${QUOTE_CURRENCY})`}>{formatAmount(order.fee, 8)}</Field>
        <Field label="Time" wide>
          {formatDateTime(order.filled_at ?? order.cancelled_at ?? order.created_at)}
        </Field>
      </dl>
      {cancelling.isError && (
        <p role="alert" className="mt-1 text-xs text-down">
          {errorMessage(cancelling.error, CANCEL_FAILED)}
        </p>
      )}
    </li>
  );
});

type Tab = 'open' | 'history';

export function SpotOrders() {
  const [tab, setTab] = useState<Tab>('open');
  const open = useSpotOrders('open');
  const all = useSpotOrders('all', tab === 'history');
  const list = tab === 'open' ? open.data : all.data?.filter((o) => o.status !== 'open');
  const loading = tab === 'open' ? open.isPending : all.isPending;

  const tabButton = (value: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === value}
      onClick={() => setTab(value)}
      className={cx(
        'h-touch whitespace-nowrap border-b-2 px-1 text-[15px] font-semibold',
        tab === value ? 'border-primary text-ink' : 'border-transparent text-muted',
      )}
    >
      {label}
    </button>
  );

  return (
    <section aria-label="Spot orders" className="rounded-2xl bg-surface px-4 pt-1 shadow-card">
      <div role="tablist" aria-label="Spot orders" className="flex gap-4">
        {tabButton('open', `Open orders (${open.data?.length ?? 0})`)}
        {tabButton('history', 'Order history')}
      </div>
      {!list || list.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{loading ? 'Loading...' : MSG.noRecord}</p>
      ) : (
        <ul
          aria-label={tab === 'open' ? 'Open spot orders' : 'Spot order history'}
          className="-mx-4 overflow-y-auto overscroll-contain px-4"
          style={{ maxHeight: OPEN_ORDERS_MAX_HEIGHT_PX }}
        >
          {list.map((order) => (
            <SpotOrderRow key={order.order_id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
