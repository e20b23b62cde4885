/**
 * /entrustment-history (docs/product.md 2 "History", 4 "Transaction"): entrustment = pending, transaction =
 * successful (the default), Closed = trade history, revoked = cancel. The tab is kept in the address.
 * Beside the transactions, entrustment lists the resting limit orders and revoked the revoked ones,
 * each saying what it is; Closed lists closed and liquidated trades with what closed them (issue 17).
 */
import { useSearchParams } from 'react-router';
import type { TransactionStatus } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { PATHS } from '../../lib/paths';
import { useActiveTrades, useTradeHistory } from '../trade';
import { useTransactionHistory } from './api/transaction-history';
import { NoRecord } from './NoRecord';
import { OrderRecord, TradeRecord } from './TradeRecord';
import { TransactionRecordList } from './TransactionRecord';

const TABS = {
  entrustment: { label: 'entrustment', status: 'pending' },
  transaction: { label: 'transaction', status: 'successful' },
  closed: { label: 'Closed', status: null },
  revoked: { label: 'revoked', status: 'cancel' },
} as const satisfies Record<string, { label: string; status: TransactionStatus | null }>;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

function EmptyCard() {
  return (
    <div className="rounded-2xl bg-surface shadow-card">
      <NoRecord />
    </div>
  );
}

const TRADE_ORDERS_FAILED = 'Failed to fetch limit orders';

/** Resting (entrustment) or revoked (revoked) limit orders; nothing while loading or when there are none. */
function LimitOrders({ status }: { status: 'pending' | 'cancel' }) {
  const active = useActiveTrades();
  const revoked = useTradeHistory('revoked', status === 'cancel');
  const orders =
    status === 'pending'
      ? active.data
          ?.filter((t) => t.status === 'pending')
          .map((t) => ({
            trade_id: t.trade_id,
            coin: t.coin,
            trade_type: t.trade_type,
            hands: t.hands,
            limit_price: t.limit_price ?? t.starting_price,
            reserved: t.margin,
            fee: t.open_fee,
            leverage: t.leverage,
            created_at: t.created_at,
            closed_at: null,
          }))
      : revoked.data?.map((t) => ({
          trade_id: t.trade_id,
          coin: t.coin,
          trade_type: t.trade_type,
          hands: t.hands,
          limit_price: t.starting_price,
          reserved: t.trading_balance,
          fee: t.open_fee,
          leverage: t.leverage,
          created_at: t.created_at,
          closed_at: t.closed_at,
        }));
  const failed = status === 'pending' ? active.isError : revoked.isError;
  if (failed) return <Notice tone="error">{TRADE_ORDERS_FAILED}</Notice>;
  if (!orders || orders.length === 0) return null;
  return (
    <ul
      aria-label={status === 'pending' ? 'Resting limit orders' : 'Revoked limit orders'}
      className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card"
    >
      {orders.map((order) => (
        <OrderRecord key={order.trade_id} order={order} revoked={status === 'cancel'} />
      ))}
    </ul>
  );
}

function Transactions({ status }: { status: TransactionStatus }) {
  const history = useTransactionHistory(status);
  if (history.isPending) return <Spinner label="Loading the history" />;
  if (history.isError) return <Notice tone="error">{MSG.fetchTransactionHistoryFailed}</Notice>;
  if (history.data.length === 0) return <EmptyCard />;
  return <TransactionRecordList items={history.data} />;
}

/** The limit orders of the tab above its transactions (docs/product.md 4 maps the transactions here). */
function Entrusted({ status }: { status: 'pending' | 'cancel' }) {
  return (
    <div className="flex flex-col gap-3">
      <LimitOrders status={status} />
      <Transactions status={status} />
    </div>
  );
}

function ClosedTrades() {
  const history = useTradeHistory('closed');
  if (history.isPending) return <Spinner label="Loading the trades" />;
  if (history.isError) return <Notice tone="error">{MSG.fetchTradeHistoryFailed}</Notice>;
  if (history.data.length === 0) return <EmptyCard />;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
      {history.data.map((trade) => (
        <TradeRecord key={trade.trade_id} trade={trade} />
      ))}
    </ul>
  );
}

export function EntrustmentHistoryPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'transaction';
  const { status } = TABS[tab];
  return (
    <>
      <PageHeader title="History" fallback={PATHS.assets} />
      <Screen className="gap-4">
        <div role="tablist" aria-label="History" className="flex border-b border-line">
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`history-tab-${key}`}
              aria-selected={key === tab}
              aria-controls="history-panel"
              onClick={() => setParams(key === 'transaction' ? {} : { tab: key }, { replace: true })}
              className={cx(
                '-mb-px h-touch flex-auto whitespace-nowrap border-b-2 px-2 text-[13px] font-medium',
                key === tab ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
              )}
            >
              {TABS[key].label}
            </button>
          ))}
        </div>
        <section id="history-panel" role="tabpanel" aria-labelledby={`history-tab-${tab}`}>
          {status === null ? (
            <ClosedTrades />
          ) : status === 'successful' ? (
            <Transactions status={status} />
          ) : (
            <Entrusted status={status} />
          )}
        </section>
      </Screen>
    </>
  );
}
