/**
 * Crediting a confirmed chain deposit (docs/decisions/0057): once per custody_deposits row (its row
 * lock and credited_at), as a successful deposit transaction with the chain's network and hash,
 * through the ledger (house 'deposits' -> the user's funding wallet, as a staff approval books it), with
 * the approval's notification, mail and bonuses (bonuses/award.ts: SPEC's bonuses apply alike).
 *
 * A manual request naming the same hash (the unique live-hash index allows one): the owner's pending
 * request becomes this deposit (the chain's amount and currency); one staff already approved is the
 * credit (nothing is paid twice); another user's request naming this hash is cancelled, since the
 * chain says whose deposit it is.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { transactions } from '../../db/schema.js';
import { custodyDeposits } from './schema.js';
import { lockBonusAccounts, mailBonuses, payBonuses, type BonusesPaid } from '../bonuses/index.js';
import { house, lockAccounts, move } from '../ledger/index.js';
import { mailNotifications, notify, transactionDecided } from '../notifications/index.js';
import type { ChainFamily } from './chain.js';

/** Ledger entries of a deposit refer to its transaction with this ref_type (wallets' TRANSACTION_REF). */
const TRANSACTION_REF = 'transaction';

type CreditContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'mailer' | 'log'>;

export type CreditOutcome = 'credited' | 'already' | 'approved-by-staff';

async function liveDepositWithHash(tx: Tx, hash: string) {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        sql`right(${transactions.txHash}, 64) = right(${hash}, 64)`,
        sql`${transactions.txHash} is not null`,
        ne(transactions.status, 'cancel'),
      ),
    )
    .for('update');
  return row;
}

export async function creditDeposit(ctx: CreditContext, chain: ChainFamily, depositId: number): Promise<CreditOutcome> {
  const { clock } = ctx;
  const done = await ctx.db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(custodyDeposits).where(eq(custodyDeposits.id, depositId)).for('update');
    if (!deposit || deposit.creditedAt) return { outcome: 'already' as const };
    const userId = deposit.userId;
    const account = { userId, wallet: 'funding' as const, currency: deposit.currency };
    // The user's accounts first (ledger.ts's order), as the approval does (docs/decisions/0047).
    if (deposit.currency === QUOTE_CURRENCY) await lockBonusAccounts(tx, userId);
    else await lockAccounts(tx, [account]);

    const manual = await liveDepositWithHash(tx, deposit.txHash);
    const linked =
      manual &&
      (
        await tx
          .select({ id: custodyDeposits.id })
          .from(custodyDeposits)
          .where(eq(custodyDeposits.transactionId, manual.id))
      ).length > 0;
    if (manual && !linked && manual.userId === userId && manual.type === 'deposit' && manual.status === 'successful') {
      // Staff approved the owner's request for this very transfer before it was confirmed: that was the credit.
      await tx
        .update(custodyDeposits)
        .set({ transactionId: manual.id, creditedAt: clock.now() })
        .where(eq(custodyDeposits.id, deposit.id));
      ctx.log.warn(
        { custodyDeposit: deposit.id, transaction: manual.id },
        'custody: deposit already approved by staff',
      );
      return { outcome: 'approved-by-staff' as const };
    }
    if (manual && !linked && manual.status === 'pending' && (manual.userId !== userId || manual.type !== 'deposit'))
      await tx
        .update(transactions)
        .set({ status: 'cancel', decidedAt: clock.now() })
        .where(eq(transactions.id, manual.id));
    const takeOver =
      manual && !linked && manual.userId === userId && manual.type === 'deposit' && manual.status === 'pending';
    // The hash stays on the record unless another live deposit keeps it (a second transfer of one
    // transaction, or a request staff approved for someone else): custody_deposits keeps it either way.
    const hashFree = !manual || takeOver || manual.status === 'pending';
    const values = {
      userId,
      type: 'deposit' as const,
      status: 'successful' as const,
      currency: deposit.currency,
      amount: deposit.amount,
      address: deposit.address,
      transferTo: 'funding',
      network: chain.network,
      txHash: hashFree ? deposit.txHash : null,
      decidedAt: clock.now(),
    };
    const [row] = takeOver
      ? await tx.update(transactions).set(values).where(eq(transactions.id, manual.id)).returning()
      : await tx.insert(transactions).values(values).returning();
    await move(tx, house('deposits', deposit.currency), account, deposit.amount, {
      refType: TRANSACTION_REF,
      refId: row!.id,
      reason: 'deposit',
    });
    await tx
      .update(custodyDeposits)
      .set({ transactionId: row!.id, creditedAt: clock.now() })
      .where(eq(custodyDeposits.id, deposit.id));
    await notify(tx, transactionDecided(row!, 'approve'));
    const bonuses: BonusesPaid | null = await payBonuses(tx, ctx, row!);
    return { outcome: 'credited' as const, userId, bonuses };
  });
  if (done.outcome === 'credited') {
    await mailNotifications(ctx, done.userId);
    if (done.bonuses) await mailBonuses(ctx, done.bonuses);
  }
  return done.outcome;
}
