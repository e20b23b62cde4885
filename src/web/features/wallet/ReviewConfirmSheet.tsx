/**
 * Staff's Approve and Reject of a deposit or withdrawal ask first (docs/decisions/0028-deposit-networks.md): the sheet names the
 * user, the amount and the action, and only its button sends the decision. Reject asks for the reason its
 * owner will read (docs/decisions/0062-money-screens.md): required, at most REJECT_REASON_MAX characters.
 */
import { useId, useState } from 'react';
import { REJECT_REASON_MAX, WALLET_MSG, type PendingTransaction } from '../../../shared/api/wallet';
import { cx } from '../../components/cx';
import { formatAmount } from '../../../shared/format';
import { Button } from '../../components/Button';
import { BottomSheet } from '../../components/Overlay';
import { useI18n, type TextKey } from '../../lib/i18n';

export type ReviewAction = 'approve' | 'cancel';

export interface ReviewQuestion {
  item: PendingTransaction;
  action: ReviewAction;
}

/** "Approve the deposit of 100 USDT by ann@example.com?", by action and kind. */
const QUESTION: Record<ReviewAction, Record<PendingTransaction['transaction_type'], TextKey>> = {
  approve: { deposit: 'wallet.review.approveDeposit', withdrawal: 'wallet.review.approveWithdrawal' },
  cancel: { deposit: 'wallet.review.rejectDeposit', withdrawal: 'wallet.review.rejectWithdrawal' },
};

/** What the decision does to the money, so staff see the consequence before they confirm. */
const CONSEQUENCE: Record<PendingTransaction['transaction_type'], Record<ReviewAction, TextKey>> = {
  deposit: { approve: 'wallet.review.depositApproved', cancel: 'wallet.review.depositRejected' },
  withdrawal: { approve: 'wallet.review.withdrawalApproved', cancel: 'wallet.review.withdrawalRejected' },
};

export function ReviewConfirmSheet({
  question,
  onClose,
  onConfirm,
}: {
  question: ReviewQuestion | null;
  onClose: () => void;
  onConfirm: (question: ReviewQuestion, reason?: string) => void;
}) {
  const { t, number, message } = useI18n();
  const approve = question?.action === 'approve';
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // Each question starts with an empty reason: cleared whenever the sheet closes or decides.
  const reset = () => {
    setReason('');
    setTried(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const reasonError =
    !approve && tried && reason.trim() === ''
      ? message(WALLET_MSG.rejectReasonRequired)
      : reason.trim().length > REJECT_REASON_MAX
        ? message(WALLET_MSG.rejectReasonTooLong)
        : undefined;
  const confirm = (q: ReviewQuestion) => {
    if (approve) return onConfirm(q);
    setTried(true);
    const text = reason.trim();
    if (text === '' || text.length > REJECT_REASON_MAX) return;
    reset();
    onConfirm(q, text);
  };
  return (
    <BottomSheet
      open={question !== null}
      onClose={close}
      title={t(approve ? 'wallet.review.approveTitle' : 'wallet.review.rejectTitle')}
    >
      {question && (
        <div className="flex flex-col gap-4">
          <p className="text-[15px] font-medium">
            {t(QUESTION[question.action][question.item.transaction_type], {
              amount: number(formatAmount(question.item.amount)),
              currency: question.item.currency,
              email: question.item.user_email,
            })}
          </p>
          {question.item.payment_address && (
            <p className="break-all text-[13px] text-muted">
              {t(question.item.transaction_type === 'withdrawal' ? 'wallet.record.to' : 'wallet.record.from', {
                address: question.item.payment_address,
              })}
              {question.item.network ? ` (${question.item.network})` : ''}
            </p>
          )}
          <p className="text-sm text-muted">{t(CONSEQUENCE[question.item.transaction_type][question.action])}</p>
          {!approve && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={reasonId} className="text-[13px] font-medium text-muted">
                {t('money.review.reason')}
              </label>
              <textarea
                id={reasonId}
                name="reject-reason"
                rows={3}
                maxLength={REJECT_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={`${reasonId}-note`}
                className={cx(
                  'rounded-xl border bg-field px-4 py-3 text-[15px] text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25',
                  reasonError ? 'border-down' : 'border-field-line',
                )}
              />
              <p id={`${reasonId}-note`} className={cx('text-xs', reasonError ? 'text-down' : 'text-muted')}>
                {reasonError ?? t('money.review.reasonHint')}
              </p>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={close}>
              {t('wallet.review.back')}
            </Button>
            <Button variant={approve ? 'primary' : 'danger'} onClick={() => confirm(question)}>
              {t(approve ? 'wallet.review.approve' : 'wallet.review.reject')}
            </Button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
