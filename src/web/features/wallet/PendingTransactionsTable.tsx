/**
 * The staff's Pending Transactions at a desk (issue 19, docs/architecture.md "Staff console at a desk"):
 * the queue as a table, sorted, filtered and paged by the server (the queue can be long), with the
 * same Approve and Reject as the phone's cards (ReviewConfirmSheet asks first).
 */
import { useState } from 'react';
import type { PendingTransaction } from '../../../shared/api/wallet';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import {
  Cell,
  DataTable,
  FilterBar,
  FilterSelect,
  FilterText,
  WholeRow,
  type Column,
  type SortState,
} from '../../components/DataTable';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { errorMessage } from '../../lib/api';
import { useDebounced } from '../../lib/use-debounced';
import { ReviewConfirmSheet, type ReviewQuestion } from './ReviewConfirmSheet';
import {
  PENDING_TABLE_PAGE_SIZE,
  usePendingTable,
  useReviewTransaction,
  type PendingTableParams,
} from './api/pending-transactions';
import { formatDateTime } from './display';

type Sort = NonNullable<PendingTableParams['sort']>;
const TYPE_LABEL = { deposit: 'Deposit', withdrawal: 'Withdrawal' } as const;

const COLUMNS: ReadonlyArray<Column<Sort>> = [
  { label: 'Type', sort: 'transaction_type' },
  { label: 'User', sort: 'user_email' },
  { label: 'Amount', sort: 'amount', numeric: true },
  { label: 'Currency', sort: 'currency' },
  { label: 'Details' },
  { label: 'Date', sort: 'created_at' },
  { label: 'Actions', hiddenLabel: true },
];

const TYPE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'deposit', label: 'Deposits' },
  { value: 'withdrawal', label: 'Withdrawals' },
] as const;

function Details({ item }: { item: PendingTransaction }) {
  const parts = [
    item.network,
    item.payment_address,
    item.tx_hash && `Hash ${item.tx_hash}`,
    item.fee !== undefined && `Fee ${formatAmount(item.fee)}`,
    item.arrival_amount !== undefined && `Arrival ${formatAmount(item.arrival_amount)}`,
    item.usdt_value !== undefined && `≈ ${formatAmount(item.usdt_value)} USDT`,
  ].filter(Boolean);
  return (
    <span className="block min-w-[12rem] max-w-[22rem] text-[13px] text-muted [overflow-wrap:anywhere]">
      {parts.join(' · ')}
    </span>
  );
}

export function PendingTransactionsTable() {
  const [sort, setSort] = useState<SortState<Sort>>({ sort: undefined, order: 'asc' });
  const [type, setType] = useState<PendingTableParams['transaction_type']>(undefined);
  const [currency, setCurrency] = useState('');
  const [user, setUser] = useState('');
  const [page, setPage] = useState(1);
  const filters = useDebounced({ currency: currency.trim(), user: user.trim() });
  const { current, hasNext } = usePendingTable({
    sort: sort.sort,
    order: sort.order,
    transaction_type: type,
    currency: /^[A-Za-z0-9]{1,20}$/.test(filters.currency) ? filters.currency : '',
    user: filters.user,
    page,
  });
  const review = useReviewTransaction();
  const [question, setQuestion] = useState<ReviewQuestion | null>(null);
  /** A new sort or filter starts again at page 1. */
  const refine =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  let rows;
  if (current.isPending) rows = <WholeRow columns={COLUMNS.length}>Loading pending transactions</WholeRow>;
  else if (current.isError)
    rows = (
      <WholeRow columns={COLUMNS.length}>
        <span role="alert" className="text-down">
          {errorMessage(current.error, MSG.fetchPendingFailed, ['message', 'error'])}
        </span>
      </WholeRow>
    );
  else if (current.data.length === 0) rows = <WholeRow columns={COLUMNS.length}>{MSG.noPendingTransactions}</WholeRow>;
  else
    rows = current.data.map((item) => (
      <tr key={item.transaction_id} className="hover:bg-surface-2/60">
        <Cell>
          <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
            {TYPE_LABEL[item.transaction_type]}
          </span>
        </Cell>
        <Cell className="whitespace-nowrap">{item.user_email}</Cell>
        <Cell numeric className="font-semibold">
          {formatAmount(item.amount)}
        </Cell>
        <Cell>{item.currency}</Cell>
        <Cell>
          <Details item={item} />
        </Cell>
        <Cell className="whitespace-nowrap text-muted">{formatDateTime(item.created_at)}</Cell>
        <Cell>
          <div className="flex justify-end gap-2">
            <Button
              variant="danger"
              block={false}
              className="h-9 px-3 text-sm"
              disabled={review.isPending}
              onClick={() => setQuestion({ item, action: 'cancel' })}
            >
              Reject
            </Button>
            <Button
              block={false}
              className="h-9 px-3 text-sm"
              disabled={review.isPending}
              onClick={() => setQuestion({ item, action: 'approve' })}
            >
              Approve
            </Button>
          </div>
        </Cell>
      </tr>
    ));

  return (
    <section aria-labelledby="pending-transactions" className="mt-4 flex flex-col gap-3">
      <h2 id="pending-transactions" className="text-base font-semibold">
        Pending Transactions
      </h2>
      <FilterBar label="Filter pending transactions">
        <FilterSelect
          label="Type"
          options={TYPE_OPTIONS}
          value={type ?? ''}
          onChange={(event) =>
            refine(setType)((event.target.value || undefined) as PendingTableParams['transaction_type'])
          }
        />
        <FilterText label="Currency" value={currency} onChange={(event) => refine(setCurrency)(event.target.value)} />
        <FilterText
          label="User email"
          type="search"
          value={user}
          onChange={(event) => refine(setUser)(event.target.value)}
        />
      </FilterBar>
      {review.isError && <Notice tone="error">{errorMessage(review.error, MSG.verifyTransactionFailed)}</Notice>}
      <DataTable
        caption="Pending Transactions"
        columns={COLUMNS}
        sort={sort}
        onSort={refine(setSort)}
        busy={current.isFetching}
      >
        {rows}
      </DataTable>
      <Pager
        label="Pending transactions pages"
        page={page}
        pageSize={PENDING_TABLE_PAGE_SIZE}
        hasNext={hasNext}
        onPage={setPage}
      />
      <ReviewConfirmSheet
        question={question}
        onClose={() => setQuestion(null)}
        onConfirm={({ item, action }) => {
          setQuestion(null);
          review.mutate({ transactionId: item.transaction_id, action });
        }}
      />
    </section>
  );
}
