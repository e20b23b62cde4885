/**
 * One closed trade in the history's Closed tab (docs/product.md 3 "Trade history item", misspellings
 * included), with the trading fees it paid on open and close (docs/decisions/0018-house-books.md), what closed it and its P/L
 * (docs/decisions/0025-trade-protection.md); and one resting or revoked limit order (OrderRecord). One
 * meaning per number (docs/decisions/0061-trade-form.md): the headline is the P/L after both fees and
 * says so; prfit_loss, before fees, is a line of its own that says so.
 */
import { formatPrice, formatProfitLoss } from '../../../shared/format';
import { add, dec } from '../../../shared/money';
import { cx } from '../../components/cx';
import type { TradeHistoryItem } from '../../../shared/api/trade';
import { useI18n, type TextKey } from '../../lib/i18n';
import { OPENED_RECORD, useOpenedRecord } from './opened-record';

const SIDE = { buy: 'wallet.trade.buy', sell: 'wallet.trade.sell' } as const satisfies Record<string, TextKey>;
/** How a trade ended, when not simply closed by the user. */
const ENDING: Record<string, TextKey> = { liquidated: 'wallet.trade.liquidated', cancelled: 'wallet.trade.revoked' };
/** What closed it (docs/decisions/0025-trade-protection.md); a liquidation shows as ENDING says. */
const REASON: Record<string, { label: TextKey; tone: string }> = {
  manual: { label: 'wallet.trade.closedByYou', tone: 'bg-surface-2 text-muted' },
  take_profit: { label: 'wallet.trade.takeProfit', tone: 'bg-up/10 text-up' },
  stop_loss: { label: 'wallet.trade.stopLoss', tone: 'bg-down/10 text-down' },
};

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

/** The prices sampled while the trade was open, as a small line (drawn only with two points or more). */
function PriceLine({ points }: { points: TradeHistoryItem['history'] }) {
  if (points.length < 2) return null;
  const values = points.map((p) => dec(p.price_at_time));
  const low = values.reduce((a, b) => (b.lt(a) ? b : a));
  const high = values.reduce((a, b) => (b.gt(a) ? b : a));
  const range = high.minus(low);
  const path = values
    .map((v, i) => {
      const x = (i / (values.length - 1)) * 100;
      const y = range.isZero() ? 12 : 22 - v.minus(low).div(range).times(20).toNumber();
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`;
    })
    .join(' ');
  return (
    <svg viewBox="0 0 100 24" preserveAspectRatio="none" className="h-6 w-full text-primary" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export function TradeRecord({ trade, opened = false }: { trade: TradeHistoryItem; opened?: boolean }) {
  const { t, number, dateTime } = useI18n();
  const ref = useOpenedRecord(opened);
  // The realized P/L after fees when the server sends it; else SPEC's prfit_loss, labelled as before fees.
  const net = trade.realized_profit_loss !== undefined;
  const headline = trade.realized_profit_loss ?? trade.prfit_loss;
  const profit = dec(headline);
  const reason = trade.close_reason ? REASON[trade.close_reason] : undefined;
  const ending = trade.status ? ENDING[trade.status] : undefined;
  return (
    <li
      ref={ref}
      aria-current={opened ? 'true' : undefined}
      className={cx('flex flex-col gap-2 px-4 py-3', opened && OPENED_RECORD)}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-semibold">
          {trade.coin}/USDT
          {trade.trade_type && (
            <span className="ml-2 text-[13px] font-normal text-muted">{t(SIDE[trade.trade_type])}</span>
          )}
        </span>
        <span className="flex shrink-0 flex-col items-end">
          <span
            className={cx(
              'whitespace-nowrap text-[15px] font-semibold tabular-nums',
              profit.gt(0) && 'text-up',
              profit.lt(0) && 'text-down',
            )}
            data-testid="trade-headline-pl"
          >
            {number(formatProfitLoss(headline))} USDT
          </span>
          <span className="text-[11px] leading-4 text-muted">
            {t(net ? 'tradeform.history.afterFees' : 'tradeform.history.gross')}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {ending && (
          <span className="rounded-full bg-down/10 px-2 py-0.5 text-xs font-medium text-down">{t(ending)}</span>
        )}
        {reason && (
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', reason.tone)}>{t(reason.label)}</span>
        )}
        {trade.parent_trade_id !== null && trade.parent_trade_id !== undefined && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
            {t('wallet.trade.partialClose')}
          </span>
        )}
      </div>
      <PriceLine points={trade.history} />
      <dl className="grid gap-1 text-[13px]">
        {trade.hands !== undefined && <Line label={t('wallet.trade.hands')} value={number(trade.hands)} />}
        <Line label={t('wallet.trade.startingPrice')} value={number(formatPrice(trade.starting_price))} />
        <Line label={t('wallet.trade.tradingBalance')} value={`${number(formatPrice(trade.trading_balance))} USDT`} />
        <Line label={t('wallet.trade.closedBalance')} value={`${number(formatPrice(trade.closed_balanec))} USDT`} />
        <Line
          label={t('wallet.trade.fees')}
          value={`${number(formatPrice(add(trade.open_fee, trade.close_fee).toFixed()))} USDT`}
        />
        {net && (
          <Line label={t('tradeform.history.grossPl')} value={`${number(formatProfitLoss(trade.prfit_loss))} USDT`} />
        )}
        <Line label={t('wallet.trade.opened')} value={dateTime(trade.created_at)} />
        {trade.closed_at && <Line label={t('wallet.trade.closed')} value={dateTime(trade.closed_at)} />}
      </dl>
    </li>
  );
}

/** A limit order as the history lists it: resting (entrustment) or revoked. */
export interface OrderRecordItem {
  trade_id: number;
  coin: string;
  trade_type: 'buy' | 'sell';
  hands: string;
  limit_price: string;
  /** The margin it holds (resting) or held (revoked). */
  reserved: string;
  fee: string;
  leverage: number;
  created_at: string;
  closed_at: string | null;
}

export function OrderRecord({ order, revoked }: { order: OrderRecordItem; revoked: boolean }) {
  const { t, number, dateTime } = useI18n();
  return (
    <li className="flex flex-col gap-1 px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-semibold">
          {t('wallet.trade.limitOrder')}
          <span className="ml-2 text-[13px] font-normal text-muted">
            {order.coin}/USDT · {t(SIDE[order.trade_type])} {order.leverage}X
          </span>
        </span>
        <span
          className={cx(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            revoked ? 'bg-down/10 text-down' : 'bg-warn/15 text-[#8a6a00] dark:text-warn',
          )}
        >
          {t(revoked ? 'wallet.trade.revoked' : 'wallet.trade.resting')}
        </span>
      </div>
      <dl className="grid gap-1 text-[13px]">
        <Line label={t('wallet.trade.hands')} value={number(order.hands)} />
        <Line label={t('wallet.trade.limitPrice')} value={number(formatPrice(order.limit_price))} />
        <Line
          label={t(revoked ? 'wallet.trade.refunded' : 'wallet.trade.reserved')}
          value={`${number(formatPrice(add(order.reserved, order.fee).toFixed()))} USDT`}
        />
        <Line label={t('wallet.trade.placed')} value={dateTime(order.created_at)} />
        {order.closed_at && <Line label={t('wallet.trade.revoked')} value={dateTime(order.closed_at)} />}
      </dl>
    </li>
  );
}
