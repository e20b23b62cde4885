/** Deposit (recharge) requests: a pending USDT deposit to the funding wallet; nothing is credited until staff approve. */
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import { MAX_PENDING_DEPOSITS, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { WALLET_MSG, type RechargeBody } from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { IdempotencyScope } from '../../db/idempotency.js';
import { transactions } from '../../db/schema.js';
import { conflict } from '../../errors.js';
import { lockAccounts, type AccountKey } from '../ledger/index.js';
import { createTransactionOnce, insertTransaction, toTransactionItem } from './transactions.js';

/**
 * At most MAX_PENDING_DEPOSITS pending deposit requests per user, so a flood of requests cannot
 * bury the real ones in the staff queue (docs/decisions/0020). Counted while the transaction holds
 * the user's funding USDT account, which every deposit request locks first (and which an approval
 * credits): two requests of one user count one after the other, so a burst cannot overshoot.
 */
async function checkPendingDepositCap(tx: Tx, userId: number): Promise<void> {
  const funding: AccountKey = { userId, wallet: 'funding', currency: QUOTE_CURRENCY };
  await lockAccounts(tx, [funding]);
  const [row] = await tx
    .select({ n: count() })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'pending'), eq(transactions.type, 'deposit')));
  if ((row?.n ?? 0) >= MAX_PENDING_DEPOSITS) throw conflict(WALLET_MSG.tooManyPendingDeposits);
}

export function createDepositService({ db }: Pick<AppContext, 'db'>) {
  return {
    request(userId: number, body: RechargeBody, scope: IdempotencyScope) {
      return createTransactionOnce(db, userId, body, scope, async (tx) => {
        await checkPendingDepositCap(tx, userId);
        const row = await insertTransaction(tx, {
          userId,
          type: 'deposit',
          status: 'pending',
          currency: QUOTE_CURRENCY,
          amount: body.amount,
          address: body.payment_address,
          transferTo: 'funding',
        });
        return { message: MSG.depositSent, transaction: toTransactionItem(row) };
      });
    },
  };
}
