/**
 * The Exchange screen's orders (docs/decisions/0026-spot-orders.md): the open (resting) spot orders with Cancel, and the order
 * history (filled and cancelled), newest first, in a list that scrolls at 320 px.
 */
import { memo, useState } from 'react';
import type { SpotOrder } from '../../../shared/api/spot';
import { OPEN_ORDERS_MAX_HEIGHT_PX, QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { useCancelSpotOrder, useSpotOrders } from './api/spot-orders';
import { formatTradePrice, pairLabel } from './display';
import { SideTag } from './SideTag';

const STATUS_LABEL: Record<SpotOrder['status'], TextKey> = {
  open: 'trade.exchange.statusOpen',
  filled: 'trade.exchange.statusFilled',
  cancelled: 'trade.exchange.statusCancelled',
};

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
  const { t, number, dateTime } = useI18n();
  const buy = order.side === 'buy';
  const cancelled = order.status === 'cancelled';
  const pair = pairLabel(order.coin);
  return (
    <li
      className="border-b border-line py-3 last:border-b-0"
      aria-label={t('trade.exchange.rowLabel', {
        pair,
        type: t(order.type === 'limit' ? 'trade.exchange.typeLimit' : 'trade.exchange.typeMarket'),
        side: t(buy ? 'trade.exchange.sideBuy' : 'trade.exchange.sideSell'),
        quantity: number(order.quantity),
        coin: order.coin,
      })}
    >
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-[15px] font-semibold">{pair}</span>
          <SideTag up={buy}>{t(buy ? 'trade.common.buy' : 'trade.common.sell')}</SideTag>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 text-[11px] font-semibold text-muted">
            {t(order.type === 'limit' ? 'trade.common.limit' : 'trade.common.market')} · {t(STATUS_LABEL[order.status])}
          </span>
        </div>
        {order.status === 'open' && (
          <button
            type="button"
            disabled={cancelling.isPending}
            onClick={() => cancelling.mutate(order.order_id)}
            className="h-touch shrink-0 rounded-lg border border-line px-3 text-xs font-semibold text-ink hover:border-down hover:text-down disabled:opacity-45"
          >
            {t('trade.common.cancel')}
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <Field label={t('trade.exchange.quantityColumn', { coin: order.coin })}>
          {number(formatAmount(order.quantity))}
        </Field>
        <Field label={t(order.status === 'filled' ? 'trade.exchange.filledAt' : 'trade.common.limitPrice')}>
          {number(formatTradePrice(order.filled_price ?? order.price))}
        </Field>
        {cancelled ? (
          <Field label={t('tradeform.spot.cancelledAt')} wide>
            {dateTime(order.cancelled_at ?? order.created_at)}
          </Field>
        ) : (
          <>
            <Field
              label={t(order.status === 'open' ? 'trade.exchange.heldColumn' : 'trade.exchange.totalColumn', {
                currency: order.status === 'open' && !buy ? order.coin : QUOTE_CURRENCY,
              })}
            >
              {number(formatAmount(order.status === 'open' ? order.held : (order.total ?? '0'), 8))}
            </Field>
            <Field label={t('trade.exchange.feeColumn', { currency: QUOTE_CURRENCY })}>
              {number(formatAmount(order.fee, 8))}
            </Field>
            <Field label={t('trade.common.time')} wide>
              {dateTime(order.filled_at ?? order.created_at)}
            </Field>
          </>
        )}
      </dl>
      {/* A cancel traded nothing and charged nothing: it says so instead of a total and a fee of 0 (decision 0061). */}
      {cancelled && <p className="mt-1 text-xs text-muted">{t('tradeform.spot.cancelled')}</p>}
      {cancelling.isError && (
        <p role="alert" className="mt-1 text-xs text-down">
          {errorMessage(cancelling.error, t('trade.common.cancelFailed'))}
        </p>
      )}
    </li>
  );
});

type Tab = 'open' | 'history';

export function SpotOrders() {
  const [tab, setTab] = useState<Tab>('open');
  const { t, message } = useI18n();
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
        // A long name wraps (Spanish "Historial de órdenes"), never pushing the screen sideways.
        'h-touch min-w-0 border-b-2 px-1 text-left text-[15px] font-semibold leading-tight',
        tab === value ? 'border-primary text-ink' : 'border-transparent text-muted',
      )}
    >
      {label}
    </button>
  );

  return (
    <section aria-label={t('trade.exchange.spotOrders')} className="rounded-2xl bg-surface px-4 pt-1 shadow-card">
      <div role="tablist" aria-label={t('trade.exchange.spotOrders')} className="flex gap-4">
        {tabButton('open', t('trade.exchange.openOrdersCount', { count: open.data?.length ?? 0 }))}
        {tabButton('history', t('trade.exchange.orderHistory'))}
      </div>
      {!list || list.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">
          {loading ? t('trade.common.loading') : message(MSG.noRecord)}
        </p>
      ) : (
        <ul
          aria-label={t(tab === 'open' ? 'trade.exchange.openSpotOrders' : 'trade.exchange.spotOrderHistory')}
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
