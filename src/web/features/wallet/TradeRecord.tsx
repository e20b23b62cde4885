/**
 * One closed trade in the history's Closed tab (docs/product.md 3 "Trade history item", misspellings
 * included), with the trading fees it paid on open and close (issue 15), what closed it and its P/L
 * after fees (issue 17); and one resting or revoked limit order (OrderRecord).
 */
import { formatPrice, formatProfitLoss } from '../../../shared/format';
import { add, dec } from '../../../shared/money';
import { cx } from '../../components/cx';
import type { TradeHistoryItem } from '../../../shared/api/trade';
import { formatDateTime } from './display';

const SIDE = { buy: 'Buy (long)', sell: 'Sell (short)' } as const;
/** How a trade ended, when not simply closed by the user. */
const ENDING: Record<string, string> = { liquidated: 'Liquidated', cancelled: 'Revoked' };
/** What closed it (docs/decisions/0025-trade-protection.md); a liquidation shows as ENDING says. */
const REASON: Record<string, { label: string; tone: string }> = {
  manual: { label: 'Closed by you', tone: 'bg-surface-2 text-muted' },
  take_profit: { label: 'Take-profit', tone: 'bg-up/10 text-up' },
  stop_loss: { label: 'Stop-loss', tone: 'bg-down/10 text-down' },
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

export function TradeRecord({ trade }: { trade: TradeHistoryItem }) {
  const profit = dec(trade.prfit_loss);
  const reason = trade.close_reason ? REASON[trade.close_reason] : undefined;
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-semibold">
          {trade.coin}/USDT
          {trade.trade_type && (
            <span className="ml-2 text-[13px] font-normal text-muted">{SIDE[trade.trade_type]}</span>
          )}
        </span>
        <span
          className={cx(
            'text-[15px] font-semibold tabular-nums',
            profit.gt(0) && 'text-up',
            profit.lt(0) && 'text-down',
          )}
        >
          {formatProfitLoss(trade.prfit_loss)} USDT
        </span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {trade.status && ENDING[trade.status] && (
          <span className="rounded-full bg-down/10 px-2 py-0.5 text-xs font-medium text-down">
            {ENDING[trade.status]}
          </span>
        )}
        {reason && (
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', reason.tone)}>{reason.label}</span>
        )}
        {trade.parent_trade_id !== null && trade.parent_trade_id !== undefined && (
          <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Partial close</span>
        )}
      </div>
      <PriceLine points={trade.history} />
      <dl className="grid gap-1 text-[13px]">
        {trade.hands !== undefined && <Line label="Hands" value={trade.hands} />}
        <Line label="Starting price" value={formatPrice(trade.starting_price)} />
        <Line label="Trading balance" value={`${formatPrice(trade.trading_balance)} USDT`} />
        <Line label="Closed balance" value={`${formatPrice(trade.closed_balanec)} USDT`} />
        <Line label="Fees" value={`${formatPrice(add(trade.open_fee, trade.close_fee).toFixed())} USDT`} />
        {trade.realized_profit_loss !== undefined && (
          <Line label="Realized P/L" value={`${formatProfitLoss(trade.realized_profit_loss)} USDT`} />
        )}
        <Line label="Opened" value={formatDateTime(trade.created_at)} />
        {trade.closed_at && <Line label="Closed" value={formatDateTime(trade.closed_at)} />}
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
  return (
    <li className="flex flex-col gap-1 px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <span className="text-[15px] font-semibold">
          Limit order
          <span className="ml-2 text-[13px] font-normal text-muted">
            {order.coin}/USDT · {SIDE[order.trade_type]} {order.leverage}X
          </span>
        </span>
        <span
          className={cx(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            revoked ? 'bg-down/10 text-down' : 'bg-warn/15 text-[#8a6a00] dark:text-warn',
          )}
        >
          {revoked ? 'Revoked' : 'Resting'}
        </span>
      </div>
      <dl className="grid gap-1 text-[13px]">
        <Line label="Hands" value={order.hands} />
        <Line label="Limit price" value={formatPrice(order.limit_price)} />
        <Line
          label={revoked ? 'Refunded' : 'Reserved'}
          value={`${formatPrice(add(order.reserved, order.fee).toFixed())} USDT`}
        />
        <Line label="Placed" value={formatDateTime(order.created_at)} />
        {order.closed_at && <Line label="Revoked" value={formatDateTime(order.closed_at)} />}
      </dl>
    </li>
  );
}
