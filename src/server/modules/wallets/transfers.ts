/** Transfers between two wallets of one user, same currency: immediate, recorded as a successful transaction. */
import { MSG } from '../../../shared/messages.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { isZero } from '../../../shared/money.js';
import { WALLET_MSG, transferProblem, type TransferBody } from '../../../shared/api/wallet.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { IdempotencyScope } from '../../db/idempotency.js';
import { lockBonusAccounts, releaseEarnedBonus } from '../bonuses/index.js';
import { accountKeyId, lockAccounts, move, type AccountKey } from '../ledger/index.js';
import { createTransactionOnce, insertTransaction, toTransactionItem } from './transactions.js';
import { TRANSACTION_REF } from './ledger-rule.js';
import { msg } from '../../../shared/message.js';

export function createTransferService({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  return {
    transfer(userId: number, body: TransferBody, scope: IdempotencyScope) {
      return createTransactionOnce(db, userId, body, scope, async (tx) => {
        const from: AccountKey = { userId, wallet: body.transfer_from, currency: body.currency };
        const to: AccountKey = { userId, wallet: body.transfer_to, currency: body.currency };
        // Out of funding USDT: a bonus whose turnover is met joins funding first, locked with the
        // transfer's accounts in one call; a locked bonus is on no wallet a transfer names (docs/decisions/0047).
        const releases = body.transfer_from === 'funding' && body.currency === QUOTE_CURRENCY;
        if (releases) {
          await lockBonusAccounts(tx, userId, [from, to]);
          await releaseEarnedBonus(tx, userId);
        }
        const { balance } = (await lockAccounts(tx, [from, to])).get(accountKeyId(from))!;
        // all_amount means the whole balance at this moment, to the last unit.
        const amount = body.all_amount ? balance : body.amount!;
        if (body.all_amount && isZero(balance))
          throw badRequest(msg(WALLET_MSG, 'nothingToTransfer'), { amount: msg(WALLET_MSG, 'nothingToTransfer') });
        const problem = body.all_amount ? null : transferProblem(amount, balance);
        if (problem) throw badRequest(problem, { amount: problem });

        const row = await insertTransaction(tx, {
          userId,
          type: 'transfer',
          status: 'successful',
          currency: body.currency,
          amount,
          transferFrom: body.transfer_from,
          transferTo: body.transfer_to,
          decidedAt: clock.now(),
        });
        await move(
          tx,
          from,
          to,
          amount,
          { reason: 'transfer', refType: TRANSACTION_REF, refId: row.id },
          { insufficient: msg(MSG, 'transferExceedsBalance') },
        );
        return { message: WALLET_MSG.transferSuccessful, transaction: toTransactionItem(row) };
      });
    },
  };
}
