/**
 * Withdrawal mails (issue 16, docs/security.md "## Withdrawal protection and anti-phishing"): the
 * user is told of every withdrawal request and of its approval or rejection, with amount, currency,
 * address and status, so a withdrawal they did not ask for is noticed while staff can still stop it.
 * Sent after the change committed; a mail that cannot be sent is logged, never turned into a
 * failed request (the withdrawal did happen, and a retry must not look like a second one).
 */
import { eq } from 'drizzle-orm';
import type { TransactionItem } from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';

export type WithdrawalEvent = 'requested' | 'approved' | 'rejected';

const SUBJECTS: Record<WithdrawalEvent, string> = {
  requested: 'Coinfront withdrawal requested',
  approved: 'Coinfront withdrawal approved',
  rejected: 'Coinfront withdrawal rejected',
};

const STATUS: Record<WithdrawalEvent, string> = {
  requested: 'pending review',
  approved: 'approved and sent',
  rejected: 'rejected; the amount is back in your funding wallet',
};

function withdrawalMailText(event: WithdrawalEvent, item: TransactionItem): string {
  return [
    `A withdrawal from your Coinfront account was ${event === 'requested' ? 'requested' : event}.`,
    '',
    `Amount: ${item.amount} ${item.currency}`,
    `Fee: ${item.fee} ${item.currency}`,
    `Arrives: ${item.arrival_amount ?? item.amount} ${item.currency}`,
    `Address: ${item.address ?? ''}`,
    `Status: ${STATUS[event]}`,
    `Reference: ${item.transaction_id}`,
    '',
    ...(event === 'rejected'
      ? []
      : [
          "If this wasn't you, change your login password and transaction password at once, turn on two-factor authentication in the Safety Center, and contact support so staff can stop the withdrawal.",
        ]),
  ].join('\n');
}

export async function mailWithdrawal(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>,
  userId: number,
  event: WithdrawalEvent,
  item: TransactionItem,
): Promise<void> {
  try {
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await ctx.mailer.send({
      to: user.email,
      subject: `${SUBJECTS[event]}: ${item.amount} ${item.currency}`,
      text: withdrawalMailText(event, item),
    });
  } catch (error) {
    ctx.log.error({ err: error, transactionId: item.transaction_id }, `withdrawal ${event} mail not sent`);
  }
}
