/**
 * The staff's Pending Transactions (docs/product.md 2 "Admin screens", 4, 8): each pending deposit or
 * withdrawal with Approve and Reject (action cancel). Fetch errors show in red in place of the list.
 */
import { useState } from 'react';
import type { PendingTransaction } from '../../../shared/api/wallet';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { ReviewConfirmSheet, type ReviewQuestion } from './ReviewConfirmSheet';
import { usePendingTransactions, useReviewTransaction } from './api/pending-transactions';

const TYPE_LABEL = { deposit: 'wallet.pending.deposit', withdrawal: 'wallet.pending.withdrawal' } as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="break-all">{value}</dd>
    </div>
  );
}

function PendingItem({
  item,
  busy,
  onDecide,
}: {
  item: PendingTransaction;
  busy: boolean;
  onDecide: (action: 'approve' | 'cancel') => void;
}) {
  const { t, number, dateTime } = useI18n();
  const type = t(TYPE_LABEL[item.transaction_type]);
  const amount = number(formatAmount(item.amount));
  const label = t('wallet.pending.itemLabel', { type, amount, currency: item.currency, email: item.user_email });
  return (
    <li aria-label={label} className="flex flex-col gap-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">{type}</span>
        <span className="text-[15px] font-semibold tabular-nums">
          {amount} {item.currency}
        </span>
      </div>
      <dl className="grid gap-1 text-[13px]">
        <Detail label={t('wallet.pending.user')} value={item.user_email} />
        <Detail label={t('wallet.pending.date')} value={dateTime(item.created_at)} />
        {item.payment_address && <Detail label={t('wallet.pending.paymentAddress')} value={item.payment_address} />}
        {item.network && <Detail label={t('wallet.pending.network')} value={item.network} />}
        {item.tx_hash && <Detail label={t('wallet.pending.txHash')} value={item.tx_hash} />}
        {item.fee !== undefined && (
          <Detail label={t('wallet.pending.fee')} value={`${number(formatAmount(item.fee))} ${item.currency}`} />
        )}
        {item.arrival_amount !== undefined && (
          <Detail
            label={t('wallet.pending.arrivalAmount')}
            value={`${number(formatAmount(item.arrival_amount))} ${item.currency}`}
          />
        )}
        {item.usdt_value !== undefined && (
          <Detail label={t('wallet.pending.usdtValue')} value={number(formatAmount(item.usdt_value))} />
        )}
      </dl>
      <div className="flex gap-3">
        <Button variant="danger" disabled={busy} onClick={() => onDecide('cancel')}>
          {t('wallet.pending.reject')}
        </Button>
        <Button disabled={busy} onClick={() => onDecide('approve')}>
          {t('wallet.pending.approve')}
        </Button>
      </div>
    </li>
  );
}

export function PendingTransactionsPanel() {
  const { t, message } = useI18n();
  const pending = usePendingTransactions();
  const review = useReviewTransaction();
  // See docs/decisions/0029-withdrawal-networks.md: Approve and Reject ask first (ReviewConfirmSheet); only its button decides.
  const [question, setQuestion] = useState<ReviewQuestion | null>(null);

  let body;
  if (pending.isPending) body = <Spinner label={t('wallet.pending.loading')} />;
  else if (pending.isError)
    body = (
      <p role="alert" className="py-4 text-sm text-down">
        {errorMessage(pending.error, MSG.fetchPendingFailed, ['message', 'error'])}
      </p>
    );
  else if (pending.data.length === 0)
    body = <p className="py-6 text-center text-sm text-muted">{message(MSG.noPendingTransactions)}</p>;
  else
    body = (
      <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
        {pending.data.map((item) => (
          <PendingItem
            key={item.transaction_id}
            item={item}
            busy={review.isPending}
            onDecide={(action) => setQuestion({ item, action })}
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="pending-transactions" className="mt-4 flex flex-col gap-3">
      <h2 id="pending-transactions" className="text-base font-semibold">
        {t('wallet.pending.title')}
      </h2>
      {review.isError && <Notice tone="error">{errorMessage(review.error, MSG.verifyTransactionFailed)}</Notice>}
      {body}
      <LoadMore query={pending} label={t('wallet.pending.loadMore')} />
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
