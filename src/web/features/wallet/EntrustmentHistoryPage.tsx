/**
 * /entrustment-history (docs/product.md 2 "History", 4 "Transaction"): entrustment = pending, transaction =
 * successful (the default), Closed = trade history, revoked = cancel. The tab is kept in the address.
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
import { useTradeHistory } from '../trade';
import { useTransactionHistory } from './api/transaction-history';
import { NoRecord } from './NoRecord';
import { TradeRecord } from './TradeRecord';
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

function Transactions({ status }: { status: TransactionStatus }) {
  const history = useTransactionHistory(status);
  if (history.isPending) return <Spinner label="Loading the history" />;
  if (history.isError) return <Notice tone="error">{MSG.fetchTransactionHistoryFailed}</Notice>;
  if (history.data.length === 0) return <EmptyCard />;
  return <TransactionRecordList items={history.data} />;
}

function ClosedTrades() {
  const history = useTradeHistory();
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
          {status === null ? <ClosedTrades /> : <Transactions status={status} />}
        </section>
      </Screen>
    </>
  );
}
