/**
 * Staff review of pending transactions: approve credits a deposit / completes a withdrawal; cancel
 * leaves a deposit uncredited / refunds a held withdrawal. The transaction row is locked first, so
 * two reviewers of one transaction act one after the other and the second finds it decided.
 */
import { eq } from 'drizzle-orm';
import { type TransactionVerified, WALLET_MESSAGES, WALLET_MSG } from '../../../shared/api/wallet.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { sub } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { transactions } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { lockBonusAccounts, mailBonuses, payBonuses, type BonusesPaid } from '../bonuses/index.js';
import { paidOnChain } from '../custody/index.js';
import { house, move, post, type Posting } from '../ledger/index.js';
import { mailNotifications, notify, transactionDecided } from '../notifications/index.js';
import { toTransactionItem } from './transactions.js';
import { refundWithdrawal } from './withdrawal-cancel.js';
import { mailWithdrawal } from './withdrawal-mail.js';
import { TRANSACTION_REF } from './ledger-rule.js';
import { isDemoUser } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

export type ReviewAction = 'approve' | 'cancel';

export function createReviewService(ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'log'>) {
  const { db, clock } = ctx;
  return {
    async decide(
      staffId: number,
      transactionId: number,
      action: ReviewAction,
      reason?: string,
    ): Promise<TransactionVerified> {
      const decided = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
        if (!row) throw notFound(msg(WALLET_MSG, 'transactionNotFound'));
        if (row.userId === staffId) throw forbidden(msg(WALLET_MSG, 'ownTransaction'));
        // Staff never approve demo money (docs/decisions/0063-demo-accounts.md).
        if (await isDemoUser(tx, row.userId)) throw badRequest(msg(DEMO_MSG, 'staffNotForDemo'));
        if (row.status !== 'pending') throw conflict(WALLET_MESSAGES.alreadyDecided(row.status));

        const amount = row.amount;
        const account = { userId: row.userId, wallet: 'funding' as const, currency: row.currency };
        const ref = { refType: TRANSACTION_REF, refId: row.id };
        // Double entry (docs/architecture.md section 4): a deposit enters from outside the platform; a
        // held withdrawal either leaves it (its fee is revenue) or goes back to its owner.
        let posting: Posting | null = null;
        // A USDT deposit may pay a bonus into the user's locked bonus account: both of the user's
        // accounts are locked before the first posting (ledger.ts's order; docs/decisions/0047).
        if (row.type === 'deposit' && action === 'approve' && row.currency === QUOTE_CURRENCY)
          await lockBonusAccounts(tx, row.userId);
        if (row.type === 'deposit' && action === 'approve')
          posting = (await move(tx, house('deposits', row.currency), account, amount, { ...ref, reason: 'deposit' }))
            .to;
        if (row.type === 'withdrawal' && action === 'cancel') posting = await refundWithdrawal(tx, row);
        if (row.type === 'withdrawal' && action === 'approve') {
          await post(
            tx,
            [
              { account: house('withdrawals', row.currency), amount: `-${amount}` },
              { account: house('deposits', row.currency), amount: sub(amount, row.fee).toFixed() },
              { account: house('fees', row.currency), amount: row.fee },
            ],
            { ...ref, reason: 'withdrawal_sent' },
          );
        }

        const status = action === 'approve' ? 'successful' : 'cancel';
        // Staff's reason for a Reject is its owner's to read (docs/decisions/0062-money-screens.md).
        const rejectReason = action === 'cancel' ? (reason ?? null) : null;
        const [updated] = await tx
          .update(transactions)
          .set({
            status,
            decidedBy: staffId,
            decidedAt: clock.now(),
            rejectReason,
            // The hot wallet pays it (custody/payouts.ts, docs/decisions/0065); else staff pay by hand as before.
            ...(action === 'approve' && paidOnChain(ctx.config, row) ? { chainStatus: 'queued' as const } : {}),
          })
          .where(eq(transactions.id, row.id))
          .returning();
        await notify(tx, transactionDecided(row, action, rejectReason));
        // The bonuses an approved deposit earns, paid in this transaction (docs/decisions/0030).
        let bonuses: BonusesPaid | null = null;
        if (row.type === 'deposit' && action === 'approve') bonuses = await payBonuses(tx, ctx, updated!);
        await recordAudit(tx, {
          actorId: staffId,
          action: `transaction.${action}`,
          targetType: 'transaction',
          targetId: row.id,
          before: { status: row.status, type: row.type, user_id: row.userId, amount, currency: row.currency },
          after: {
            status,
            ...(rejectReason !== null ? { reason: rejectReason } : {}),
            ...(posting
              ? { credited: posting.amount, account_id: posting.accountId, balance_after: posting.balanceAfter }
              : {}),
          },
        });
        return {
          userId: row.userId,
          bonuses,
          answer: {
            message: action === 'approve' ? WALLET_MSG.transactionApproved : WALLET_MSG.transactionCancelled,
            transaction: toTransactionItem(updated!),
            ...(bonuses ? { bonuses: bonuses.bonuses.map((b) => toTransactionItem(b.row)) } : {}),
          },
        };
      });
      // After commit: the owner hears of the decision on their withdrawal (withdrawal-mail.ts).
      if (decided.answer.transaction.type === 'withdrawal')
        await mailWithdrawal(
          ctx,
          decided.userId,
          action === 'approve' ? 'approved' : 'rejected',
          decided.answer.transaction,
        );
      await mailNotifications(ctx, decided.userId); // the notification's mail (a withdrawal's and a bonus's are their own)
      if (decided.bonuses) await mailBonuses(ctx, decided.bonuses);
      return decided.answer;
    },
  };
}
