/** Deposit (recharge) requests: a pending USDT deposit to the funding wallet; nothing is credited until staff approve. */
import { and, count, eq } from 'drizzle-orm';
import { DEPOSIT_MSG } from '../../../shared/api/deposits.js';
import { MSG } from '../../../shared/messages.js';
import { MAX_PENDING_DEPOSITS, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { WALLET_MSG, type RechargeBody } from '../../../shared/api/wallet.js';
import { dec } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { IdempotencyScope } from '../../db/idempotency.js';
import { transactions } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict } from '../../errors.js';
import { lockAccounts, type AccountKey } from '../ledger/index.js';
import { depositNetworkTerms } from './deposit-networks.js';
import { createTransactionOnce, insertTransaction, toTransactionItem } from './transactions.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

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
  if ((row?.n ?? 0) >= MAX_PENDING_DEPOSITS) throw conflict(msg(WALLET_MSG, 'tooManyPendingDeposits'));
}

/** A deposit named on a network must reach that network's minimum, as staff set it (deposit-networks.ts). */
async function checkNetworkMinimum(tx: Tx, body: RechargeBody): Promise<void> {
  if (body.network === null) return;
  const { min_amount } = (await depositNetworkTerms(tx))[body.network];
  if (dec(body.amount).gte(min_amount)) return;
  const message = msg(DEPOSIT_MSG, 'belowNetworkMinimum', body.network, min_amount, QUOTE_CURRENCY);
  throw badRequest(message, { amount: message });
}

export function createDepositService({ db }: Pick<AppContext, 'db'>) {
  return {
    async request(userId: number, body: RechargeBody, scope: IdempotencyScope) {
      // Demo money is never deposited to (docs/decisions/0063-demo-accounts.md).
      await refuseDemo(db, userId, msg(DEMO_MSG, 'noDeposits'));
      try {
        return await createTransactionOnce(db, userId, body, scope, async (tx) => {
          await checkPendingDepositCap(tx, userId);
          await checkNetworkMinimum(tx, body);
          const row = await insertTransaction(tx, {
            userId,
            type: 'deposit',
            status: 'pending',
            currency: QUOTE_CURRENCY,
            amount: body.amount,
            address: body.payment_address,
            transferTo: 'funding',
            network: body.network,
            txHash: body.tx_hash,
          });
          return { message: MSG.depositSent, transaction: toTransactionItem(row) };
        });
      } catch (error) {
        // A hash another live deposit carries (any user's, docs/decisions/0028): the unique index decides,
        // so two requests racing with one hash cannot both pass.
        if (isUniqueViolation(error, 'transactions_deposit_tx_hash_key'))
          throw conflict(msg(DEPOSIT_MSG, 'txHashUsed'));
        throw error;
      }
    },
  };
}
