/**
 * Locked bonuses (docs/decisions/0047-bonus-cycling.md): a bonus is paid to the user's `bonus` account
 * (promotions -> bonus, through the ledger), not to funding, and waits there until the user has traded
 * BONUS_TURNOVER_MULTIPLE times what is locked: the notional of leveraged positions opened (hands x
 * entry price) and the USDT value of spot fills (quantity x fill price), counted from the trades and
 * spot orders newer than the open lock (`bonus_locks`). Then the whole locked amount moves to funding
 * (bonus -> funding, reason bonus_release, ref the lock) and the lock closes; a later bonus opens a new
 * one, whose turnover starts then. Bonuses do not expire.
 *
 * Nothing but the release moves money out of the `bonus` account: it is no wallet of WALLET_KINDS, so
 * no transfer, withdrawal, spot order or trade can name it. The release runs where a user takes money
 * out of funding USDT (a withdrawal, a transfer), in that transaction, so what they may take includes
 * a bonus they have earned.
 *
 * Locking: the user's funding USDT and bonus accounts are locked together, in one lockAccounts call
 * with every other customer account of the transaction (ledger.ts's one order), before any posting;
 * deposit approvals, withdrawals, transfers and releases of one user take turns on them. The turnover is
 * read from committed trades and fills, which never change once opened or filled.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BonusLock } from '../../../shared/api/bonuses.js';
import { BONUS_TURNOVER_MULTIPLE, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, canonical, dec, mul, sub } from '../../../shared/money.js';
import type { Queryable, Tx } from '../../db/database.js';
import { accounts } from '../../db/schema.js';
import { bonusLocks } from './schema.js';
import { spotOrders } from '../spot/schema.js';
import { trades } from '../trades/schema.js';
import { accountKeyId, house, lockAccounts, move, type AccountKey } from '../ledger/index.js';
import { BONUS_LOCK_REF } from './ledger-rule.js';

const bonusAccount = (userId: number): AccountKey => ({ userId, wallet: 'bonus', currency: QUOTE_CURRENCY });
const fundingUsdt = (userId: number): AccountKey => ({ userId, wallet: 'funding', currency: QUOTE_CURRENCY });

/**
 * Lock the user's funding USDT and bonus accounts with `others` (the transaction's other customer
 * accounts) in one call, as every transaction that may pay or release a bonus must before its first
 * posting. Returns the locked balances by accountKeyId.
 */
export function lockBonusAccounts(tx: Tx, userId: number, others: AccountKey[] = []) {
  return lockAccounts(tx, [...others, fundingUsdt(userId), bonusAccount(userId)]);
}

type OpenLock = typeof bonusLocks.$inferSelect;

const openLockOf = async (db: Queryable, userId: number): Promise<OpenLock | undefined> =>
  (
    await db
      .select()
      .from(bonusLocks)
      .where(and(eq(bonusLocks.userId, userId), isNull(bonusLocks.releasedAt)))
  )[0];

/** What the user has traded since the lock opened, in USDT. */
async function turnoverOf(db: Queryable, lock: OpenLock): Promise<string> {
  const { rows } = await db.execute<{ lever: string; spot: string }>(sql`
    select
      (select coalesce(sum(hands * entry_price), 0) from ${trades}
        where user_id = ${lock.userId} and id > ${lock.tradesAfter} and opened_at is not null
          and entry_price is not null and parent_id is null)::text as lever,
      (select coalesce(sum(quantity * filled_price), 0) from ${spotOrders}
        where user_id = ${lock.userId} and id > ${lock.spotOrdersAfter} and status = 'filled')::text as spot`);
  return canonical(add(rows[0]!.lever, rows[0]!.spot));
}

const requiredFor = (locked: string) => mul(locked, BONUS_TURNOVER_MULTIPLE).toFixed();

/**
 * Pay `amount` of bonus into the user's locked bonus account (promotions -> bonus), opening a lock if
 * none is open. The caller locked the user's accounts (lockBonusAccounts) before its first posting.
 */
export async function payLockedBonus(tx: Tx, userId: number, amount: string, transactionId: number): Promise<void> {
  await lockBonusAccounts(tx, userId);
  // The newest trade and spot order now: the turnover counts what comes after (a concurrent one of
  // another user with a lower id is not this user's; one of this user's still uncommitted is left out).
  await tx.execute(sql`
    insert into ${bonusLocks} (user_id, trades_after, spot_orders_after)
    select ${userId}, (select coalesce(max(id), 0) from ${trades}), (select coalesce(max(id), 0) from ${spotOrders})
    on conflict do nothing`);
  await move(tx, house('promotions', QUOTE_CURRENCY), bonusAccount(userId), amount, {
    reason: 'bonus',
    refType: 'transaction',
    refId: transactionId,
  });
}

/**
 * Move the user's locked bonus to funding if the turnover is met; returns what moved, or null. Locks
 * the user's funding USDT and bonus accounts (cached when the caller already did, as it must when it
 * holds other customer accounts).
 */
export async function releaseEarnedBonus(tx: Tx, userId: number): Promise<string | null> {
  const held = await lockBonusAccounts(tx, userId);
  const locked = held.get(accountKeyId(bonusAccount(userId)))!.balance;
  if (!dec(locked).gt(0)) return null;
  const lock = await openLockOf(tx, userId);
  if (!lock) return null; // a bonus always opens a lock; without one it stays locked
  if (dec(await turnoverOf(tx, lock)).lt(requiredFor(locked))) return null;
  await move(tx, bonusAccount(userId), fundingUsdt(userId), locked, {
    reason: 'bonus_release',
    refType: BONUS_LOCK_REF,
    refId: lock.id,
  });
  await tx
    .update(bonusLocks)
    .set({ releasedAt: sql`now()`, releasedAmount: locked })
    .where(eq(bonusLocks.id, lock.id));
  return canonical(locked);
}

/** What is locked, how much must be traded and has been, and what the user may withdraw of USDT now. */
export async function bonusLockOf(db: Queryable, userId: number, funding: string): Promise<BonusLock> {
  const account = bonusAccount(userId);
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.wallet, account.wallet), eq(accounts.currency, account.currency)),
    );
  const locked = canonical(row?.balance ?? '0');
  const lock = dec(locked).gt(0) ? await openLockOf(db, userId) : undefined;
  const turnover = lock ? await turnoverOf(db, lock) : '0';
  const required = lock ? canonical(requiredFor(locked)) : '0';
  const earned = lock !== undefined && dec(turnover).gte(required);
  return {
    currency: QUOTE_CURRENCY,
    locked,
    turnover,
    turnover_required: required,
    withdrawable: canonical(earned ? add(funding, locked) : dec(funding)),
  };
}

/** What is still to trade before the lock opens (0 when met). */
export function turnoverLeft(lock: Pick<BonusLock, 'turnover' | 'turnover_required'>): string {
  const left = sub(lock.turnover_required, lock.turnover);
  return left.isNegative() ? '0' : canonical(left);
}
