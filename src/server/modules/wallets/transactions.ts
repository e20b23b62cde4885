/** The `transactions` rows (deposits, withdrawals, transfers) as users and staff see them. */
import { and, asc, desc, eq, gt, ilike, lt, ne, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  PendingTransaction,
  PendingTransactionSort,
  PendingTransactionsQuery,
  TransactionCreated,
  TransactionHistoryQuery,
  TransactionItem,
} from '../../../shared/api/wallet.js';
import type { Db, Queryable, Tx } from '../../db/database.js';
import { runIdempotent, type IdempotencyScope } from '../../db/idempotency.js';
import { transactions, users } from '../../db/schema.js';
import { containsPattern, orderOf } from '../../db/sorting.js';

export type TransactionRow = typeof transactions.$inferSelect;

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
    chain_status: row.chainStatus ?? null,
    bonus_program: row.bonusProgram ?? null,
    // Staff never decide their own transactions (review.ts), so a decider who is the owner is the owner's cancel.
    cancelled_by: row.status !== 'cancel' ? null : row.decidedBy === row.userId ? 'owner' : 'staff',
    reject_reason: row.rejectReason ?? null,
  };
}

/** One of the user's own transactions (the withdrawal status screen); another user's is as if it did not exist. */
export async function ownTransaction(db: Queryable, userId: number, id: number): Promise<TransactionItem | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
  return row ? toTransactionItem(row) : null;
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

/** The pending transactions table's sortable columns (docs/decisions/0043-languages.md): the allow-list behind `sort`. */
const PENDING_SORT_COLUMNS: Record<PendingTransactionSort, AnyColumn> = {
  created_at: transactions.createdAt,
  amount: transactions.amount,
  currency: transactions.currency,
  user_email: users.email,
  transaction_type: transactions.type,
};

/**
 * The staff's queue: pending deposits and withdrawals, oldest first, one bounded page at a time
 * (docs/decisions/0020): those after the transaction_id `after`, at most `limit`. The desk's table
 * (docs/decisions/0043-languages.md) asks for a `page` of `limit` instead, sorted and filtered.
 */
export async function listPending(db: Queryable, page: PendingTransactionsQuery): Promise<PendingTransaction[]> {
  const conditions: SQL[] = [eq(transactions.status, 'pending'), ne(transactions.type, 'transfer')];
  if (page.after) conditions.push(gt(transactions.id, page.after));
  if (page.transaction_type) conditions.push(eq(transactions.type, page.transaction_type));
  if (page.currency) conditions.push(eq(transactions.currency, page.currency));
  if (page.user) conditions.push(ilike(users.email, containsPattern(page.user)));
  const rows = await db
    .select({ t: transactions, email: users.email })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...conditions))
    .orderBy(...orderOf(PENDING_SORT_COLUMNS, transactions.id, page.sort, page.order, [asc(transactions.id)]))
    .limit(page.limit)
    .offset(((page.page ?? 1) - 1) * page.limit);
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
