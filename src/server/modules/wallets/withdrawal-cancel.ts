/**
 * The owner's cancel of their pending withdrawal (`POST /api-v1/withdraw/cancel/`,
 * docs/decisions/0029): the held amount goes back through the ledger exactly as staff's Reject
 * returns it (review.ts: house withdrawals -> the owner's funding, reason withdrawal_refund), and the
 * row ends in SPEC's status cancel with the owner as its decider. The row is locked first, so a
 * cancel and a staff decision of one withdrawal run one after the other: the second finds it
 * decided (409) and exactly one of them moves money.
 */
import { and, eq } from 'drizzle-orm';
import {
  type TransactionCreated,
  WALLET_MESSAGES,
  WALLET_MSG,
  type WithdrawalCancelBody,
} from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { transactions } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { house, move, type Posting } from '../ledger/index.js';
import { toTransactionItem } from './transactions.js';
import { TRANSACTION_REF } from './ledger-rule.js';
import { msg } from '../../../shared/message.js';

/**
 * A held withdrawal goes back to its owner's funding wallet (house withdrawals -> funding, reason
 * withdrawal_refund): staff's Reject (review.ts) and the owner's cancel move it the same way.
 * Returns the owner's posting. The caller holds the row's lock and moves it out of pending.
 */
export async function refundWithdrawal(
  tx: Tx,
  row: Pick<typeof transactions.$inferSelect, 'id' | 'userId' | 'currency' | 'amount'>,
): Promise<Posting> {
  const account = { userId: row.userId, wallet: 'funding' as const, currency: row.currency };
  const ref = { refType: TRANSACTION_REF, refId: row.id, reason: 'withdrawal_refund' };
  return (await move(tx, house('withdrawals', row.currency), account, row.amount, ref)).to;
}

export function createWithdrawalCancelService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return {
    cancel(userId: number, body: WithdrawalCancelBody, scope: IdempotencyScope) {
      return runIdempotent<undefined, TransactionCreated>(
        ctx.db,
        { userId, ...scope, fingerprint: body },
        {
          statusCode: 200,
          prepare: async () => undefined,
          execute: async (tx) => {
            const [row] = await tx
              .select()
              .from(transactions)
              .where(and(eq(transactions.id, body.transaction_id), eq(transactions.type, 'withdrawal')))
              .for('update');
            // Another user's withdrawal answers as if it did not exist.
            if (!row || row.userId !== userId) throw notFound(msg(WALLET_MSG, 'withdrawalNotFound'));
            if (row.status !== 'pending') throw conflict(WALLET_MESSAGES.withdrawalAlreadyDecided(row.status));

            const refund = await refundWithdrawal(tx, row);
            const [updated] = await tx
              .update(transactions)
              .set({ status: 'cancel', decidedBy: userId, decidedAt: ctx.clock.now() })
              .where(eq(transactions.id, row.id))
              .returning();
            await recordAudit(tx, {
              actorId: userId,
              action: 'transaction.owner_cancel',
              targetType: 'transaction',
              targetId: row.id,
              before: {
                status: row.status,
                type: row.type,
                user_id: userId,
                amount: row.amount,
                currency: row.currency,
              },
              after: {
                status: 'cancel',
                credited: refund.amount,
                account_id: refund.accountId,
                balance_after: refund.balanceAfter,
              },
            });
            return { message: WALLET_MSG.withdrawalCancelled, transaction: toTransactionItem(updated!) };
          },
        },
      );
    },
  };
}
