/**
 * Withdrawal mails (docs/security.md "## Withdrawal protection and anti-phishing"): the
 * user is told of every withdrawal request and of its approval or rejection, with amount, currency,
 * address and status, so a withdrawal they did not ask for is noticed while staff can still stop it.
 * Sent after the change committed; a mail that cannot be sent is logged, never turned into a
 * failed request (the withdrawal did happen, and a retry must not look like a second one).
 */
import { eq } from 'drizzle-orm';
import { fillText } from '../../../shared/api/notifications.js';
import type { TransactionItem } from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { notificationTextIn } from '../notifications/index.js';

export type WithdrawalEvent = 'requested' | 'approved' | 'rejected';

/** The mail of `event` in the language `text` reads (NOTIFICATIONS_MSG.withdrawalMail and its translations). */
function withdrawalMail(text: (key: string) => string | undefined, event: WithdrawalEvent, item: TransactionItem) {
  const line = (key: string, params: Record<string, string> = {}) =>
    fillText(text(`withdrawalMail.${key}`) ?? '', params);
  const money = (amount: string) => ({ value: `${amount} ${item.currency}` });
  return {
    subject: line(`${event}Subject`, { amount: item.amount, currency: item.currency }),
    text: [
      line(`${event}Opening`),
      '',
      line('amount', money(item.amount)),
      line('fee', money(item.fee)),
      line('arrives', money(item.arrival_amount ?? item.amount)),
      line('address', { value: item.address ?? '' }),
      line('status', { value: line(`${event}Status`) }),
      // Staff's reason for a Reject, as the status screen shows it (docs/decisions/0062-money-screens.md).
      ...(event === 'rejected' && item.reject_reason ? [line('reason', { value: item.reject_reason })] : []),
      line('reference', { value: String(item.transaction_id) }),
      '',
      ...(event === 'rejected' ? [] : [line('notYou')]),
    ].join('\n'),
  };
}

/** Mails the user `event` of a withdrawal, in their language (users.language, docs/decisions/0044). */
export async function mailWithdrawal(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>,
  userId: number,
  event: WithdrawalEvent,
  item: TransactionItem,
): Promise<void> {
  try {
    const [user] = await ctx.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    await ctx.mailer.send({ to: user.email, ...withdrawalMail(notificationTextIn(user.language), event, item) });
  } catch (error) {
    ctx.log.error({ err: error, transactionId: item.transaction_id }, `withdrawal ${event} mail not sent`);
  }
}
