/**
 * The staff's Pending Transactions at a desk (docs/architecture.md "Staff console at a desk"):
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
import { useI18n, type Translate } from '../../lib/i18n';
import { useDebounced } from '../../lib/use-debounced';
import { ReviewConfirmSheet, type ReviewQuestion } from './ReviewConfirmSheet';
import {
  PENDING_TABLE_PAGE_SIZE,
  usePendingTable,
  useReviewTransaction,
  type PendingTableParams,
} from './api/pending-transactions';

type Sort = NonNullable<PendingTableParams['sort']>;
const TYPE_LABEL = { deposit: 'wallet.pending.deposit', withdrawal: 'wallet.pending.withdrawal' } as const;

/** The table's columns in the language shown. */
const columnsIn = (t: Translate): ReadonlyArray<Column<Sort>> => [
  { label: t('wallet.pending.type'), sort: 'transaction_type' },
  { label: t('wallet.pending.user'), sort: 'user_email' },
  { label: t('wallet.pending.amount'), sort: 'amount', numeric: true },
  { label: t('wallet.pending.currency'), sort: 'currency' },
  { label: t('wallet.pending.details') },
  { label: t('wallet.pending.date'), sort: 'created_at' },
  { label: t('wallet.pending.actions'), hiddenLabel: true },
];

const typeOptionsIn = (t: Translate) =>
  [
    { value: '', label: t('wallet.pending.allTypes') },
    { value: 'deposit', label: t('wallet.pending.deposits') },
    { value: 'withdrawal', label: t('wallet.pending.withdrawals') },
  ] as const;

function Details({ item }: { item: PendingTransaction }) {
  const { t, number } = useI18n();
  const parts = [
    item.network,
    item.payment_address,
    item.tx_hash && t('wallet.pending.hash', { hash: item.tx_hash }),
    item.fee !== undefined && t('wallet.pending.feeOf', { fee: number(formatAmount(item.fee)) }),
    item.arrival_amount !== undefined &&
      t('wallet.pending.arrivalOf', { amount: number(formatAmount(item.arrival_amount)) }),
    item.usdt_value !== undefined && `≈ ${number(formatAmount(item.usdt_value))} USDT`,
  ].filter(Boolean);
  return (
    <span className="block min-w-[9rem] max-w-[16rem] text-[13px] text-muted [overflow-wrap:anywhere]">
      {parts.join(' · ')}
    </span>
  );
}

export function PendingTransactionsTable() {
  const { t, message, number, dateTime } = useI18n();
  const COLUMNS = columnsIn(t);
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
  if (current.isPending) rows = <WholeRow columns={COLUMNS.length}>{t('wallet.pending.loading')}</WholeRow>;
  else if (current.isError)
    rows = (
      <WholeRow columns={COLUMNS.length}>
        <span role="alert" className="text-down">
          {errorMessage(current.error, MSG.fetchPendingFailed, ['message', 'error'])}
        </span>
      </WholeRow>
    );
  else if (current.data.length === 0)
    rows = <WholeRow columns={COLUMNS.length}>{message(MSG.noPendingTransactions)}</WholeRow>;
  else
    rows = current.data.map((item) => (
      <tr key={item.transaction_id} className="hover:bg-surface-2/60">
        <Cell>
          <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
            {t(TYPE_LABEL[item.transaction_type])}
          </span>
        </Cell>
        <Cell className="min-w-[11rem] max-w-[16rem] [overflow-wrap:anywhere]">{item.user_email}</Cell>
        <Cell numeric className="font-semibold">
          {number(formatAmount(item.amount))}
        </Cell>
        <Cell>{item.currency}</Cell>
        <Cell>
          <Details item={item} />
        </Cell>
        <Cell className="min-w-[6rem] text-muted">{dateTime(item.created_at)}</Cell>
        {/* At the row's end whatever the width: Approve is never pushed out of sight (docs/decisions/0041). */}
        <Cell className="sticky right-0 bg-surface">
          <div className="flex flex-col items-stretch gap-1.5">
            <Button
              block={false}
              className="h-8 px-3 text-sm"
              disabled={review.isPending}
              onClick={() => setQuestion({ item, action: 'approve' })}
            >
              {t('wallet.pending.approve')}
            </Button>
            <Button
              variant="danger"
              block={false}
              className="h-8 px-3 text-sm"
              disabled={review.isPending}
              onClick={() => setQuestion({ item, action: 'cancel' })}
            >
              {t('wallet.pending.reject')}
            </Button>
          </div>
        </Cell>
      </tr>
    ));

  return (
    <section aria-labelledby="pending-transactions" className="mt-4 flex flex-col gap-3">
      <h2 id="pending-transactions" className="text-base font-semibold">
        {t('wallet.pending.title')}
      </h2>
      <FilterBar label={t('wallet.pending.filter')}>
        <FilterSelect
          label={t('wallet.pending.type')}
          options={typeOptionsIn(t)}
          value={type ?? ''}
          onChange={(event) =>
            refine(setType)((event.target.value || undefined) as PendingTableParams['transaction_type'])
          }
        />
        <FilterText
          label={t('wallet.pending.currency')}
          value={currency}
          onChange={(event) => refine(setCurrency)(event.target.value)}
        />
        <FilterText
          label={t('wallet.pending.userEmail')}
          type="search"
          value={user}
          onChange={(event) => refine(setUser)(event.target.value)}
        />
      </FilterBar>
      {review.isError && <Notice tone="error">{errorMessage(review.error, MSG.verifyTransactionFailed)}</Notice>}
      <DataTable
        caption={t('wallet.pending.title')}
        columns={COLUMNS}
        sort={sort}
        onSort={refine(setSort)}
        busy={current.isFetching}
      >
        {rows}
      </DataTable>
      <Pager
        label={t('wallet.pending.pages')}
        page={page}
        pageSize={PENDING_TABLE_PAGE_SIZE}
        hasNext={hasNext}
        onPage={setPage}
      />
      <ReviewConfirmSheet
        question={question}
        onClose={() => setQuestion(null)}
        onConfirm={({ item, action }, reason) => {
          setQuestion(null);
          review.mutate({ transactionId: item.transaction_id, action, reason });
        }}
      />
    </section>
  );
}
