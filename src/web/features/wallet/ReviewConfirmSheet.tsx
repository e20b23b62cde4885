/**
 * Staff's Approve and Reject of a deposit or withdrawal ask first (issue 23): the sheet names the
 * user, the amount and the action, and only its button sends the decision.
 */
import type { PendingTransaction } from '../../../shared/api/wallet';
import { formatAmount } from '../../../shared/format';
import { Button } from '../../components/Button';
import { BottomSheet } from '../../components/Overlay';

export type ReviewAction = 'approve' | 'cancel';

export interface ReviewQuestion {
  item: PendingTransaction;
  action: ReviewAction;
}

const KIND = { deposit: 'deposit', withdrawal: 'withdrawal' } as const;

/** "Approve the deposit of 100 USDT by ann@example.com?" */
function reviewQuestionText({ item, action }: ReviewQuestion): string {
  const verb = action === 'approve' ? 'Approve' : 'Reject';
  return `${verb} the ${KIND[item.transaction_type]} of ${formatAmount(item.amount)} ${item.currency} by ${item.user_email}?`;
}

/** What the decision does to the money, so staff see the consequence before they confirm. */
function consequence({ item, action }: ReviewQuestion): string {
  if (item.transaction_type === 'deposit')
    return action === 'approve'
      ? 'The amount is credited to their funding account.'
      : 'Nothing is credited; the request is closed.';
  return action === 'approve'
    ? 'The withdrawal is marked as sent; the held amount leaves their account for good.'
    : 'The held amount is returned to their funding account.';
}

export function ReviewConfirmSheet({
  question,
  onClose,
  onConfirm,
}: {
  question: ReviewQuestion | null;
  onClose: () => void;
  onConfirm: (question: ReviewQuestion) => void;
}) {
  const approve = question?.action === 'approve';
  return (
    <BottomSheet
      open={question !== null}
      onClose={onClose}
      title={approve ? 'Approve transaction' : 'Reject transaction'}
    >
      {question && (
        <div className="flex flex-col gap-4">
          <p className="text-[15px] font-medium">{reviewQuestionText(question)}</p>
          {question.item.payment_address && (
            <p className="break-all text-[13px] text-muted">
              {question.item.transaction_type === 'withdrawal' ? 'To' : 'From'} {question.item.payment_address}
              {question.item.network ? ` (${question.item.network})` : ''}
            </p>
          )}
          <p className="text-sm text-muted">{consequence(question)}</p>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button variant={approve ? 'primary' : 'danger'} onClick={() => onConfirm(question)}>
              {approve ? 'Approve' : 'Reject'}
            </Button>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}
