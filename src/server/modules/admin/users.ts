/** Staff look-ups of users (read only): the searchable list and one user's whole picture. */
import { and, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ADMIN_MSG,
  DETAIL_LIST_LIMIT,
  type AdminTrade,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  type AdminUsersSort,
} from '../../../shared/api/admin.js';
import type { VerificationStatus } from '../../../shared/api/auth.js';
import { WALLET_KINDS } from '../../../shared/constants.js';
import type { Queryable } from '../../db/database.js';
import { transactions, users } from '../../db/schema.js';
import { verifications } from '../identity/schema.js';
import { trades } from '../trades/schema.js';
import { likeLiteral, orderOf } from '../../db/sorting.js';
import { notFound } from '../../errors.js';
import { verificationStatusOf } from '../identity/index.js';
import { listWallet, toTransactionItem } from '../wallets/index.js';
import { msg } from '../../../shared/message.js';

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const contains = `%${likeLiteral(q)}%`;
  return or(ilike(users.email, contains), ilike(fullName, contains), ilike(users.uniqueid, `${likeLiteral(q)}%`));
}

/** The users table's sortable columns (docs/decisions/0041-staff-console-at-a-desk.md): the allow-list behind `sort`. */
const USER_SORT_COLUMNS: Record<AdminUsersSort, AnyColumn | SQL> = {
  created_at: users.createdAt,
  email: users.email,
  name: sql`lower(${fullName})`,
  uniqueid: users.uniqueid,
};

/** The latest submission's status of each user (none: 'unverified'). */
async function verificationStatuses(db: Queryable, userIds: number[]): Promise<Map<number, VerificationStatus>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([verifications.userId], { userId: verifications.userId, status: verifications.status })
    .from(verifications)
    .where(inArray(verifications.userId, userIds))
    .orderBy(verifications.userId, desc(verifications.id));
  return new Map(rows.map((r) => [r.userId, r.status]));
}

export async function searchUsers(db: Queryable, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const where = and(
    searchCondition(query.q),
    query.role === undefined ? undefined : eq(users.isAdmin, query.role === 'staff'),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        uniqueid: users.uniqueid,
        isAdmin: users.isAdmin,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(
        ...orderOf(USER_SORT_COLUMNS, users.id, query.sort, query.order, [desc(users.createdAt), desc(users.id)]),
      )
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const statuses = await verificationStatuses(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      user_id: r.id,
      email: r.email,
      name: `${r.firstName} ${r.lastName}`.trim(),
      uniqueid: r.uniqueid,
      is_verified: statuses.get(r.id) ?? 'unverified',
      is_admin: r.isAdmin,
      created_at: r.createdAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

function toAdminTrade(row: typeof trades.$inferSelect): AdminTrade {
  return {
    trade_id: row.id,
    coin: row.coin,
    trade_type: row.tradeType,
    order_type: row.orderType,
    status: row.status,
    hands: row.hands,
    leverage: row.leverage,
    margin: row.margin,
    limit_price: row.limitPrice,
    entry_price: row.entryPrice,
    close_price: row.closePrice,
    profit_loss: row.profitLoss,
    created_at: row.createdAt.toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export async function userDetail(db: Queryable, userId: number): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(msg(ADMIN_MSG, 'userNotFound'));
  const [referrer, status, wallets, tradeRows, transactionRows] = await Promise.all([
    user.referredBy === null
      ? Promise.resolve(undefined)
      : db
          .select({ user_id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, user.referredBy))
          .then((r) => r[0]),
    verificationStatusOf(db, user.id),
    Promise.all(WALLET_KINDS.map(async (kind) => [kind, await listWallet(db, user.id, kind)] as const)),
    db.select().from(trades).where(eq(trades.userId, user.id)).orderBy(desc(trades.id)).limit(DETAIL_LIST_LIMIT),
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(desc(transactions.id))
      .limit(DETAIL_LIST_LIMIT),
  ]);
  return {
    profile: {
      user_id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      uniqueid: user.uniqueid,
      is_admin: user.isAdmin,
      is_verified: status,
      has_transaction_password: user.transactionPasswordHash !== null,
      promotion_code: user.promotionCode,
      referred_by: referrer ?? null,
      created_at: user.createdAt.toISOString(),
    },
    wallets: Object.fromEntries(wallets) as AdminUserDetail['wallets'],
    trades: tradeRows.map(toAdminTrade),
    transactions: transactionRows.map(toTransactionItem),
  };
}
