/** Deposit (recharge) requests: a pending USDT deposit to the funding wallet; nothing is credited until staff approve. */
import { MSG } from '../../../shared/messages.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { RechargeBody } from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import type { IdempotencyScope } from '../../db/idempotency.js';
import { createTransactionOnce, insertTransaction, toTransactionItem } from './transactions.js';

export function createDepositService({ db }: Pick<AppContext, 'db'>) {
  return {
    request(userId: number, body: RechargeBody, scope: IdempotencyScope) {
      return createTransactionOnce(db, userId, body, scope, async (tx) => {
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
