/**
 * Withdrawal requests (docs/architecture.md section 4): the transaction password must be set and match; the
 * server recomputes fee, arrival and USDT value from its mark price, enforces the 50 USDT minimum
 * and the balance, and holds the amount (debits it) until staff approve or cancel.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import { BONUS_MSG } from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { canonical, dec, toAmount, usdtValue, withdrawalArrival, withdrawalFee } from '../../../shared/money.js';
import {
  WALLET_MSG,
  withdrawalProblem,
  type TransactionCreated,
  type WithdrawalBody,
} from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { bonusLockOf, releaseEarnedBonus, turnoverLeft } from '../bonuses/index.js';
import { accountKeyId, house, lockAccounts, move, type AccountKey } from '../ledger/index.js';
import {
  assertNotLocked,
  assertWithdrawalAddressAllowed,
  recordFailure,
  requireSecondFactor,
} from '../security/index.js';
import { usdtPriceOf } from './prices.js';
import { insertTransaction, toTransactionItem } from './transactions.js';
import { mailWithdrawal } from './withdrawal-mail.js';
import { TRANSACTION_REF } from './ledger-rule.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

type WithdrawalContext = Pick<AppContext, 'db' | 'market' | 'clock' | 'config' | 'mailer' | 'log'>;

/**
 * Wrong transaction passwords count toward the withdrawal lock (docs/security.md "## Locks"); the
 * try that starts it answers with the lock.
 */
async function checkTransactionPassword(ctx: WithdrawalContext, userId: number, password: string) {
  const [user] = await ctx.db.select({ hash: users.transactionPasswordHash }).from(users).where(eq(users.id, userId));
  if (!user?.hash)
    throw badRequest(msg(WALLET_MSG, 'setTransactionPasswordFirst'), {
      transaction_password: msg(WALLET_MSG, 'setTransactionPasswordFirst'),
    });
  if (!(await verifyPassword(password, user.hash))) {
    await recordFailure(ctx, userId, 'transaction-password');
    await assertNotLocked(ctx, userId, 'withdrawal');
    throw badRequest(msg(WALLET_MSG, 'wrongTransactionPassword'), {
      transaction_password: msg(WALLET_MSG, 'wrongTransactionPassword'),
    });
  }
}

export function createWithdrawalService(ctx: WithdrawalContext) {
  return {
    async request(userId: number, body: WithdrawalBody, scope: IdempotencyScope) {
      // Demo money is never withdrawn (docs/decisions/0063-demo-accounts.md), whatever else the request says.
      await refuseDemo(ctx.db, userId, msg(DEMO_MSG, 'noWithdrawals'));
      // Secrets are not part of what makes two requests the same (a retry may carry a newer 2FA code).
      const { transaction_password: password, two_factor_code, passkey, ...fingerprint } = body;
      const outcome = await runIdempotent<{ price: string }, TransactionCreated>(
        ctx.db,
        { userId, ...scope, fingerprint },
        {
          statusCode: 201,
          // Hashing and price lookups happen before any row is locked.
          prepare: async () => {
            // Locks and cooldowns first: while withdrawals are locked, no password is even checked.
            await assertNotLocked(ctx, userId, 'withdrawal');
            await checkTransactionPassword(ctx, userId, password);
            // After the password, so a wrong password does not use up the one-time code (docs/decisions/0024-withdrawal-protection.md).
            await requireSecondFactor(ctx, userId, { two_factor_code, passkey });
            await assertWithdrawalAddressAllowed(ctx.db, userId, body.currency, body.address);
            return { price: await usdtPriceOf(ctx.market, body.currency) };
          },
          execute: async (tx, { price }) => {
            const account: AccountKey = { userId, wallet: 'funding', currency: body.currency };
            // USDT: a bonus whose turnover is met joins funding first; one still locked stays out of
            // reach, and asking for it is refused with what is withdrawable (docs/decisions/0047).
            const usdt = body.currency === QUOTE_CURRENCY;
            if (usdt) await releaseEarnedBonus(tx, userId);
            const { balance } = (await lockAccounts(tx, [account])).get(accountKeyId(account))!;
            const amount = body.all_amount ? toAmount(balance) : body.amount!;
            if (usdt && dec(amount).gt(balance)) {
              const lock = await bonusLockOf(tx, userId, balance);
              if (dec(lock.locked).gt(0)) {
                const locked = msg(BONUS_MSG, 'bonusLocked', lock.locked, turnoverLeft(lock), canonical(balance));
                throw badRequest(locked, { amount: locked });
              }
            }
            const problem = withdrawalProblem({
              amount,
              allAmount: body.all_amount,
              balance,
              price,
              currency: body.currency,
            });
            if (problem) throw badRequest(problem, { amount: problem });

            const row = await insertTransaction(tx, {
              userId,
              type: 'withdrawal',
              status: 'pending',
              currency: body.currency,
              amount,
              fee: withdrawalFee(amount),
              arrivalAmount: withdrawalArrival(amount),
              usdtValue: usdtValue(amount, price),
              address: body.address,
              network: body.network,
              transferFrom: 'funding',
            });
            // Held on the house's withdrawals account until staff send or refund it.
            await move(
              tx,
              account,
              house('withdrawals', body.currency),
              amount,
              { reason: 'withdrawal_hold', refType: TRANSACTION_REF, refId: row.id },
              { insufficient: msg(MSG, 'withdrawalExceedsBalance') },
            );
            return { message: WALLET_MSG.withdrawalSubmitted, transaction: toTransactionItem(row) };
          },
        },
      );
      if (!outcome.replayed) await mailWithdrawal(ctx, userId, 'requested', outcome.body.transaction);
      return outcome;
    },
  };
}
