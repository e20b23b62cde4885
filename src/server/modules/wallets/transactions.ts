/** The `transactions` rows (deposits, withdrawals, transfers) as users and staff see them. */
import { and, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { StaffQueueQuery } from '../../../shared/api/common.js';
import type {
  PendingTransaction,
  TransactionCreated,
  TransactionHistoryQuery,
  TransactionItem,
} from '../../../shared/api/wallet.js';
import type { Db, Queryable, Tx } from '../../db/database.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { transactions, users } from '../../db/schema.js';

export type TransactionRow = typeof transactions.$inferSelect;

/** Transactions refer to ledger entries with this ref_type. */
export const TRANSACTION_REF = 'transaction';

export function toTransactionItem(row: TransactionRow): TransactionItem {
  return {
    transaction_id: row.id,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    transfer_from: row.transferFrom,
    transfer_to: row.transferTo,
    created_at: row.createdAt.toISOString(),
    fee: row.fee,
    arrival_amount: row.arrivalAmount,
    usdt_value: row.usdtValue,
    address: row.address,
    decided_at: row.decidedAt?.toISOString() ?? null,
    network: row.network,
    tx_hash: row.txHash,
    bonus_program: row.bonusProgram ?? null,
    // Staff never decide their own transactions (review.ts), so a decider who is the owner is the owner's cancel.
    cancelled_by: row.status !== 'cancel' ? null : row.decidedBy === row.userId ? 'owner' : 'staff',
  };
}

/**
 * A money request with nothing to check before its locks (a deposit, a transfer): its whole effect
 * runs once per Idempotency-Key, in the transaction that holds the key, answered 201
 * (docs/architecture.md section 4).
 */
export function createTransactionOnce(
  db: Db,
  userId: number,
  body: unknown,
  scope: IdempotencyScope,
  execute: (tx: Tx) => Promise<TransactionCreated>,
) {
  return runIdempotent<undefined, TransactionCreated>(
    db,
    { userId, ...scope, fingerprint: body },
    { statusCode: 201, prepare: async () => undefined, execute },
  );
}

export async function insertTransaction(
  db: Queryable,
  values: typeof transactions.$inferInsert,
): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

/** A user's own transactions, newest first. */
export async function listHistory(
  db: Queryable,
  userId: number,
  query: TransactionHistoryQuery,
): Promise<TransactionItem[]> {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (query.status) conditions.push(eq(transactions.status, query.status));
  if (query.before) conditions.push(lt(transactions.id, query.before));
  const rows = await db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(transactions.id))
    .limit(query.limit);
  return rows.map(toTransactionItem);
}

/**
 * The staff's queue: pending deposits and withdrawals, oldest first, one bounded page at a time
 * (docs/decisions/0020): those after the transaction_id `after`, at most `limit`.
 */
export async function listPending(db: Queryable, page: StaffQueueQuery): Promise<PendingTransaction[]> {
  const conditions: SQL[] = [eq(transactions.status, 'pending'), ne(transactions.type, 'transfer')];
  if (page.after) conditions.push(gt(transactions.id, page.after));
  const rows = await db
    .select({ t: transactions, email: users.email })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...conditions))
    .orderBy(transactions.id)
    .limit(page.limit);
  return rows.flatMap(({ t, email }): PendingTransaction[] => {
    if (t.type === 'transfer' || t.type === 'bonus') return []; // transfers and bonuses are immediate, never pending
    return [
      {
        transaction_id: t.id,
        transaction_type: t.type,
        amount: t.amount,
        currency: t.currency,
        created_at: t.createdAt.toISOString(),
        user_id: t.userId,
        user_email: email,
        ...(t.address !== null ? { payment_address: t.address } : {}),
        ...(t.network !== null ? { network: t.network } : {}),
        ...(t.txHash !== null ? { tx_hash: t.txHash } : {}),
        ...(t.type === 'withdrawal'
          ? {
              fee: t.fee,
              arrival_amount: t.arrivalAmount ?? undefined,
              usdt_value: t.usdtValue ?? undefined,
            }
          : {}),
      },
    ];
  });
}
