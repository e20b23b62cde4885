/**
 * /entrustment-history (docs/product.md 2 "History", 4 "Transaction"): entrustment = pending, transaction =
 * successful (the default), Closed = trade history, revoked = cancel. The tab is kept in the address.
 * Beside the transactions, entrustment lists the resting limit orders and revoked the revoked ones,
 * each saying what it is; Closed lists closed and liquidated trades with what closed them (docs/decisions/0025-trade-protection.md).
 * `?record=<id>` opens the record a notification is about (docs/decisions/0068-screens-finish.md).
 */
import { useSearchParams } from 'react-router';
import type { TransactionStatus } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { cx } from '../../components/cx';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { StatementExport } from './StatementExport';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useActiveTrades, useTradeHistory } from '../trade';
import { useTransactionHistory } from './api/transaction-history';
import { NoRecord } from './NoRecord';
import { OrderRecord, TradeRecord } from './TradeRecord';
import { TransactionRecordList } from './TransactionRecord';

/** Each tab's transaction status; its label is `wallet.history.tab.<tab>` of the catalogs. */
const TABS = {
  entrustment: { status: 'pending' },
  transaction: { status: 'successful' },
  closed: { status: null },
  revoked: { status: 'cancel' },
} as const satisfies Record<string, { status: TransactionStatus | null }>;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

function EmptyCard() {
  return (
    <div className="rounded-2xl bg-surface shadow-card">
      <NoRecord />
    </div>
  );
}

/** Resting (entrustment) or revoked (revoked) limit orders, when there are some; whether there are any. */
function useLimitOrders(status: 'pending' | 'cancel') {
  const active = useActiveTrades();
  const revoked = useTradeHistory('revoked', status === 'cancel');
  const orders =
    status === 'pending'
      ? active.data
          ?.filter((trade) => trade.status === 'pending')
          .map((trade) => ({
            trade_id: trade.trade_id,
            coin: trade.coin,
            trade_type: trade.trade_type,
            hands: trade.hands,
            limit_price: trade.limit_price ?? trade.starting_price,
            reserved: trade.margin,
            fee: trade.open_fee,
            leverage: trade.leverage,
            created_at: trade.created_at,
            closed_at: null,
          }))
      : revoked.data?.map((trade) => ({
          trade_id: trade.trade_id,
          coin: trade.coin,
          trade_type: trade.trade_type,
          hands: trade.hands,
          limit_price: trade.starting_price,
          reserved: trade.trading_balance,
          fee: trade.open_fee,
          leverage: trade.leverage,
          created_at: trade.created_at,
          closed_at: trade.closed_at,
        }));
  const failed = status === 'pending' ? active.isError : revoked.isError;
  return { orders, failed };
}

/** The limit orders of useLimitOrders; nothing while loading or when there are none. */
function LimitOrders({ status, list }: { status: 'pending' | 'cancel'; list: ReturnType<typeof useLimitOrders> }) {
  const { t } = useI18n();
  const { orders, failed } = list;
  if (failed) return <Notice tone="error">{t('wallet.history.ordersFailed')}</Notice>;
  if (!orders || orders.length === 0) return null;
  return (
    <ul
      aria-label={t(status === 'pending' ? 'wallet.history.restingOrders' : 'wallet.history.revokedOrders')}
      className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card"
    >
      {orders.map((order) => (
        <OrderRecord key={order.trade_id} order={order} revoked={status === 'cancel'} />
      ))}
    </ul>
  );
}

/** The tab's transactions; "no record" only when the tab has nothing else to show (`othersShown`). */
function Transactions({
  status,
  othersShown = false,
  opened,
}: {
  status: TransactionStatus;
  othersShown?: boolean;
  opened: number | null;
}) {
  const { t, message } = useI18n();
  const history = useTransactionHistory(status);
  if (history.isPending) return <Spinner label={t('wallet.history.loadingHistory')} />;
  if (history.isError) return <Notice tone="error">{message(MSG.fetchTransactionHistoryFailed)}</Notice>;
  if (history.data.length === 0) return othersShown ? null : <EmptyCard />;
  return <TransactionRecordList items={history.data} opened={opened} />;
}

/** The limit orders of the tab above its transactions (docs/product.md 4 maps the transactions here). */
function Entrusted({ status, opened }: { status: 'pending' | 'cancel'; opened: number | null }) {
  const list = useLimitOrders(status);
  // A record above: no "no record" under it (docs/decisions/0061-trade-form.md).
  const shown = (list.orders?.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-3">
      <LimitOrders status={status} list={list} />
      <Transactions status={status} othersShown={shown} opened={opened} />
    </div>
  );
}

function ClosedTrades({ opened }: { opened: number | null }) {
  const { t, message } = useI18n();
  const history = useTradeHistory('closed');
  if (history.isPending) return <Spinner label={t('wallet.history.loadingTrades')} />;
  if (history.isError) return <Notice tone="error">{message(MSG.fetchTradeHistoryFailed)}</Notice>;
  if (history.data.length === 0) return <EmptyCard />;
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
      {history.data.map((trade) => (
        <TradeRecord key={trade.trade_id} trade={trade} opened={trade.trade_id === opened} />
      ))}
    </ul>
  );
}

export function EntrustmentHistoryPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'transaction';
  const { status } = TABS[tab];
  const record = params.get('record');
  const opened = record && /^[1-9][0-9]{0,15}$/.test(record) ? Number(record) : null;
  return (
    <>
      <PageHeader title={t('wallet.history.title')} fallback={PATHS.assets} />
      <Screen className="gap-4">
        <div className="flex justify-end">
          <StatementExport key={tab} kind={tab === 'closed' ? 'trades' : 'transactions'} />
        </div>
        <div role="tablist" aria-label={t('wallet.history.title')} className="flex border-b border-line">
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
              {t(`wallet.history.tab.${key}`)}
            </button>
          ))}
        </div>
        <section id="history-panel" role="tabpanel" aria-labelledby={`history-tab-${tab}`}>
          {status === null ? (
            <ClosedTrades opened={opened} />
          ) : status === 'successful' ? (
            <Transactions status={status} opened={opened} />
          ) : (
            <Entrusted status={status} opened={opened} />
          )}
        </section>
      </Screen>
    </>
  );
}
