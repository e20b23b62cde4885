/**
 * /withdrawal-status/{transaction id} (docs/decisions/0062-money-screens.md): where a withdrawal is,
 * opened after Confirm, from the records and from its notification. Four steps: submitted, under
 * review, sent (with its transaction hash when there is one), arrived (once the network confirms it).
 * A Reject reads "Rejected" with staff's reason; the owner's own cancel says so. Another user's id is
 * "Transaction not found" (the server answers 404).
 */
import { Link, useParams } from 'react-router';
import { WALLET_MSG, type TransactionItem } from '../../../shared/api/wallet';
import { formatAmount } from '../../../shared/format';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useTransaction } from './api/transaction-history';

type Step = 'submitted' | 'review' | 'sent' | 'arrived';
const STEPS: readonly Step[] = ['submitted', 'review', 'sent', 'arrived'];

/** The on-chain work may add `chain_status`; 'confirmed' is arrival (docs/decisions/0062-money-screens.md). */
const arrived = (item: TransactionItem) =>
  item.status === 'successful' && (item as { chain_status?: unknown }).chain_status === 'confirmed';

/** The last step reached: a pending one is under review, an approved one sent. */
function reached(item: TransactionItem): number {
  if (item.status === 'pending') return 1;
  if (item.status === 'successful') return arrived(item) ? 3 : 2;
  return 1;
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-1.5 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-all text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function Steps({ item }: { item: TransactionItem }) {
  const { t, dateTime } = useI18n();
  const last = reached(item);
  const when: Partial<Record<Step, string>> = {
    submitted: dateTime(item.created_at),
    ...(item.status === 'successful' && item.decided_at ? { sent: dateTime(item.decided_at) } : {}),
  };
  return (
    <ol aria-label={t('money.status.steps')} className="flex flex-col rounded-2xl bg-surface px-4 py-3 shadow-card">
      {STEPS.map((step, index) => {
        const done = index <= last;
        const current = index === last;
        return (
          <li key={step} aria-current={current ? 'step' : undefined} className="relative flex gap-3 pb-4 last:pb-0">
            {index < STEPS.length - 1 && (
              <span
                aria-hidden="true"
                className={cx('absolute left-[9px] top-6 h-[calc(100%-20px)] w-0.5', done ? 'bg-up' : 'bg-line')}
              />
            )}
            <span
              aria-hidden="true"
              className={cx(
                'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 text-[11px] font-bold',
                done ? 'border-up bg-up text-white' : 'border-line bg-surface text-muted',
              )}
            >
              {done ? '✓' : index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className={cx('text-[15px] font-semibold', !done && 'text-muted')}>
                {t(`money.status.step.${step}`)}
                <span className="sr-only">
                  , {t(done ? (current ? 'money.status.current' : 'money.status.done') : 'money.status.next')}
                </span>
              </p>
              {when[step] && <p className="text-[13px] text-muted">{when[step]}</p>}
              {step === 'review' && current && <p className="text-[13px] text-muted">{t('money.status.reviewHint')}</p>}
              {step === 'sent' && done && item.tx_hash && (
                <p className="mt-1 break-all font-mono text-[12px] text-muted">
                  <span className="font-sans">{t('money.status.txHash')}: </span>
                  {item.tx_hash}
                </p>
              )}
              {step === 'arrived' && !done && item.status === 'successful' && (
                <p className="text-[13px] text-muted">{t('money.status.arrivedHint')}</p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A withdrawal that will not leave: staff's Reject with its reason, or the owner's cancel. */
function Stopped({ item }: { item: TransactionItem }) {
  const { t, number } = useI18n();
  const byOwner = item.cancelled_by === 'owner';
  return (
    <section aria-labelledby="withdrawal-stopped" className="flex flex-col gap-1.5 rounded-2xl bg-down/10 px-4 py-3">
      <h2 id="withdrawal-stopped" className="text-[17px] font-semibold text-down">
        {byOwner ? t('wallet.record.status.cancelledByYou') : t('money.status.rejected')}
      </h2>
      {!byOwner && (
        <p className="text-sm">
          {item.reject_reason
            ? t('money.status.reason', { reason: item.reject_reason })
            : t('money.status.rejectedNoReason')}
        </p>
      )}
      <p className="text-[13px]">
        {t('money.status.refunded', { amount: number(formatAmount(item.amount)), currency: item.currency })}
      </p>
    </section>
  );
}

function StatusOf({ item }: { item: TransactionItem }) {
  const { t, number } = useI18n();
  const unit = (value: string) => `${number(formatAmount(value))} ${item.currency}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="text-center">
        <p className="text-[13px] text-muted">{t('wallet.withdrawal.amount')}</p>
        <p className="text-[28px] font-semibold tabular-nums">{unit(item.amount)}</p>
      </div>
      {item.status === 'cancel' ? <Stopped item={item} /> : <Steps item={item} />}
      <dl className="rounded-2xl bg-surface px-4 py-2 shadow-card">
        {item.network && <Figure label={t('wallet.withdrawal.network')}>{item.network}</Figure>}
        {item.address && (
          <Figure label={t('wallet.withdrawal.address')}>
            <span className="font-mono text-[13px]">{item.address}</span>
          </Figure>
        )}
        <Figure label={t('wallet.withdrawal.fee')}>{unit(item.fee)}</Figure>
        {item.arrival_amount !== null && (
          <Figure label={t('wallet.withdrawal.arrival')}>{unit(item.arrival_amount)}</Figure>
        )}
      </dl>
      <Link
        to={`${PATHS.entrustmentHistory}${item.status === 'pending' ? '?tab=entrustment' : item.status === 'cancel' ? '?tab=revoked' : ''}`}
        className="inline-flex min-h-touch items-center justify-center rounded-xl font-semibold text-primary hover:underline dark:text-[#6EA8FF]"
      >
        {t('money.status.allRecords')}
      </Link>
    </div>
  );
}

export function WithdrawalStatusPage() {
  const { t, message } = useI18n();
  const { transactionId = '' } = useParams();
  const id = /^[1-9][0-9]{0,15}$/.test(transactionId) ? Number(transactionId) : null;
  const query = useTransaction(id);
  let body;
  if (id === null || query.isError || (query.data && query.data.type !== 'withdrawal'))
    body = <Notice tone="error">{message(WALLET_MSG.transactionNotFound)}</Notice>;
  else if (!query.data) body = <Spinner label={t('money.status.loading')} />;
  else body = <StatusOf item={query.data} />;
  return (
    <>
      <PageHeader title={t('money.status.title')} fallback={PATHS.assets} />
      <Screen className="pt-2">{body}</Screen>
    </>
  );
}
