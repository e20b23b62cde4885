/**
 * The bonuses module's tables: bonus awards and their locks (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef, transactions } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Bonuses paid (docs/decisions/0030): one row per tier level a user was paid, so each level
 * pays once per user (unique user, program, level) and the new-user bonus once at all (partial unique
 * index); written in the deposit approval's transaction with the `bonus` transaction that paid it.
 * `amount` is what that level added: a higher level of a program pays its bonus minus what the
 * program paid before.
 */
export const bonusAwards = pgTable(
  'bonus_awards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    program: text('program', { enum: ['new_user', 'membership', 'vip'] }).notNull(),
    /** The tier's recharge threshold (USDT) that was reached. */
    level: money('level').notNull(),
    amount: money('amount').notNull(),
    /** The approved deposit that reached the level. */
    depositId: bigint('deposit_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    /** The `bonus` transaction that paid it. */
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bonus_awards_user_program_level_key').on(t.userId, t.program, t.level),
    uniqueIndex('bonus_awards_new_user_once_key')
      .on(t.userId)
      .where(sql`${t.program} = 'new_user'`),
    check('bonus_awards_amount_positive', sql`${t.amount} > 0`),
    index('bonus_awards_deposit_idx').on(t.depositId),
  ],
);

/**
 * A user's bonus lock (docs/decisions/0047): opened by the first bonus paid while none is open, the
 * bonuses themselves on the user's `bonus` account (the ledger's), released to funding once the user
 * has traded BONUS_TURNOVER_MULTIPLE times the locked amount in the trades and spot orders after
 * `trades_after` / `spot_orders_after` (the newest ids when it opened). One open lock per user.
 */
export const bonusLocks = pgTable(
  'bonus_locks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    tradesAfter: bigint('trades_after', { mode: 'number' }).notNull(),
    spotOrdersAfter: bigint('spot_orders_after', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    /** When the locked bonus moved to funding; null while open. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** What the release moved to funding. */
    releasedAmount: money('released_amount'),
  },
  (t) => [
    uniqueIndex('bonus_locks_open_key')
      .on(t.userId)
      .where(sql`${t.releasedAt} is null`),
  ],
);
