/**
 * The tables every module shares: the users and their sessions, the ledger's accounts and entries, the
 * money records (transactions), settings, the audit log, idempotency keys, rate-limit counts and
 * notifications, with the column helpers (`money`, `createdAt`, `userRef`) every table uses. A module's
 * own tables live in its `schema.ts` (modules/<name>/schema.ts; docs/architecture.md section 2), which
 * other modules may import directly: a schema file imports nothing of its module but db/. One table per
 * fact; money columns are `numeric` and travel as strings. Migrations are SQL files in db/migrations.
 */
import { sql } from 'drizzle-orm';
import { LANGUAGES } from '../../shared/constants.js';
import { canonical } from '../../shared/money.js';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * numeric(38, 18), read as its canonical decimal string ('100.5', never '100.500000000000000000'):
 * every read through drizzle is trimmed here once, so no read site has to. Raw SQL reads
 * (tx.execute) bypass column types and call `canonical` themselves.
 */
export const money = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(38, 18)',
  fromDriver: (value) => canonical(value),
});
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const userRef = (name = 'user_id') =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public 8-digit id shown to the user; never derived from `id`. */
    uniqueid: text('uniqueid').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Bumped on logout and password changes; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    transactionPasswordHash: text('transaction_password_hash'),
    promotionCode: text('promotion_code').notNull(),
    referredBy: bigint('referred_by', { mode: 'number' }),
    createdAt: createdAt(),
    /** The language picked on Home (migration 0020): the user's mails are written in it. */
    language: text('language').$type<(typeof LANGUAGES)[number]['code']>().notNull().default('en'),
    /** A demo account (docs/decisions/0063-demo-accounts.md): play money only, kept apart from the books. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** A demo twin's real account (0063); null for a stand-alone demo and for every real account. */
    demoOf: bigint('demo_of', { mode: 'number' }),
    /** When a demo account was retired (expired after inactivity, 0063): its sessions ended, its money swept. */
    demoEndedAt: timestamp('demo_ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_uniqueid_key').on(t.uniqueid),
    uniqueIndex('users_promotion_code_key').on(t.promotionCode),
    check('users_language_known', sql`${t.language} in ('en', 'zh', 'ja', 'ko', 'fr', 'de', 'es', 'it', 'ru', 'pt')`),
    check('users_demo_of_is_demo', sql`${t.demoOf} is null or ${t.isDemo}`),
    uniqueIndex('users_live_demo_twin_key')
      .on(t.demoOf)
      .where(sql`${t.demoOf} is not null and ${t.demoEndedAt} is null`),
  ],
);

/**
 * The house's own accounts, one per name and currency (docs/architecture.md section 4): with the
 * customers' wallets they make double-entry books, every ledger posting summing to zero per currency.
 *   deposits     money entering (negative) and leaving (positive) the platform
 *   withdrawals  withdrawals requested and not yet sent or refunded
 *   margin       margin (and the opening fee) held by open positions and resting orders
 *   fees         trading and withdrawal fees: revenue
 *   trading      the house as the counterparty of trades: minus the customers' realised P/L
 *   insurance    what liquidations leave above the trader's loss
 *   spot         the house as the counterparty of spot orders: its coins and USDT against customers
 *                (minus the coins customers bought, plus the USDT they paid; migration 0009)
 *   spot_holds   USDT and coins held by resting spot limit orders, still the customers' money
 *   promotions   bonuses paid to customers (docs/decisions/0030): minus every bonus ever paid
 *   earn_yield   the yield of matured lock-up orders (docs/decisions/0052): minus every yield paid
 */
export const HOUSE_ACCOUNTS = [
  'deposits',
  'withdrawals',
  'margin',
  'fees',
  'trading',
  'insurance',
  'spot',
  'spot_holds',
  'promotions',
  'earn_yield',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];
/**
 * The house's one counterparty of demo money (docs/decisions/0063-demo-accounts.md): every house leg of a
 * posting on a demo account lands here instead, so the real house accounts and books never see demo money.
 */
export const DEMO_HOUSE = 'demo';

/**
 * A balance of one currency: in one wallet of one user, or (user_id null) in one house account,
 * whose name is then in `wallet`. Changed only by the ledger. Only customers' balances must stay >= 0.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    // `bonus`: a customer's locked bonuses (docs/decisions/0047), no wallet of WALLET_KINDS: nothing but
    // the release (bonuses/lock.ts) moves money out of it. `earn`: a customer's principal locked in
    // lock-up orders (docs/decisions/0052), moved back only by a redemption or the maturity (modules/earn).
    wallet: text('wallet', {
      enum: ['funding', 'lever', 'legal', 'second', 'bonus', 'earn', ...HOUSE_ACCOUNTS, DEMO_HOUSE],
    }).notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_wallet_currency_key').on(t.userId, t.wallet, t.currency),
    uniqueIndex('accounts_house_key')
      .on(t.wallet, t.currency)
      .where(sql`${t.userId} is null`),
    check('accounts_balance_non_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
    check(
      'accounts_owner',
      sql`(${t.userId} is null) = (${t.wallet} in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance', 'spot', 'spot_holds', 'promotions', 'demo', 'earn_yield'))`,
    ),
  ],
);

/**
 * Every balance change. Invariants: an account's balance = the sum of its entries, and the entries
 * of one posting (one call of the ledger) sum to zero per currency.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The posting this entry belongs to: one balanced movement of money (ledger_postings_seq). */
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
    index('ledger_entries_posting_idx').on(t.postingId),
  ],
);

/** Deposits, withdrawals and transfers as the user and staff see them. */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    type: text('type', { enum: ['deposit', 'withdrawal', 'transfer', 'bonus'] }).notNull(),
    status: text('status', { enum: ['pending', 'successful', 'cancel'] }).notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    arrivalAmount: money('arrival_amount'),
    usdtValue: money('usdt_value'),
    address: text('address'),
    transferFrom: text('transfer_from'),
    transferTo: text('transfer_to'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    // Deposit networks (migration 0011, docs/decisions/0028): the network a deposit came on and its hash;
    // a withdrawal's network too (migration 0012, docs/decisions/0029).
    network: text('network'),
    txHash: text('tx_hash'),
    /** A bonus's program (BonusProgram in shared/api/bonuses.ts, docs/decisions/0030); null for every other type. Migration 0013. */
    bonusProgram: text('bonus_program', { enum: ['new_user', 'membership', 'vip'] }),
    /** Staff's reason for a Reject (migration 0031, docs/decisions/0062-money-screens.md); null otherwise. */
    rejectReason: text('reject_reason'),
    /** An approved withdrawal custody pays on a chain (docs/decisions/0065); null: paid by hand or not a withdrawal. Migration 0034. */
    chainStatus: text('chain_status', { enum: ['queued', 'broadcast', 'confirmed', 'failed'] }),
    /** Why a queued withdrawal has not gone out yet (the hot wallet short, the node down), for staff. */
    chainError: text('chain_error'),
  },
  (t) => [
    index('transactions_user_status_idx').on(t.userId, t.status, t.id),
    index('transactions_pending_idx').on(t.status, t.id),
    // One live deposit per transaction hash: its last 64 characters are the hash on every network.
    uniqueIndex('transactions_deposit_tx_hash_key')
      .on(sql`right(${t.txHash}, 64)`)
      .where(sql`${t.txHash} is not null and ${t.status} <> 'cancel'`),
    index('transactions_chain_queue_idx')
      .on(t.chainStatus, t.id)
      .where(sql`${t.chainStatus} in ('queued', 'broadcast')`),
    check(
      'transactions_chain_status',
      sql`${t.chainStatus} is null or ${t.chainStatus} in ('queued', 'broadcast', 'confirmed', 'failed')`,
    ),
  ],
);

/** Responses of money-moving POSTs by Idempotency-Key, so a retried request is answered, not repeated. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Staff-editable settings: USDO price, deposit addresses. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who on the staff did what, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: userRef('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * Sign-in sessions (docs/security.md "Sessions and devices"): one per login, its id in the
 * token's `sid`. A session is live while `ended_at` is null; ended rows are kept, so a later sign-in
 * can tell a device or address seen before from a new one. A trigger (migration 0006) notifies every
 * instance when a user's sessions start or end.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** "Chrome on Android", parsed from the user agent (modules/auth/sessions.ts). */
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per session (plugins/auth.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * In-app notifications (built early for the money rails): what happened to a user's money
 * and identity, one row per event, written in the same transaction as the event
 * (modules/notifications). `read_at` is null until the user has seen it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** NOTIFICATION_KINDS in modules/notifications/notify.ts. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The values of the kind's texts (migration 0020, shared/api/notifications.ts); null on older rows. */
    params: jsonb('params').$type<Record<string, string>>(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * When its mail was claimed for sending (migration 0016, modules/notifications/mail.ts); null
     * while it still has to go out. Set at once for an event mailed by its own module (withdrawals).
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    index('notifications_unmailed_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} IS NULL`),
  ],
);

/**
 * Rate-limit windows shared by every instance when REDIS_URL is unset (plugins/rate-limit-store.ts,
 * docs/decisions/0037): `key` is the route and the client, `count` the hits since the window opened,
 * rows past `expires_at` are pruned. UNLOGGED in the migration (0019).
 */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counts_expires_idx').on(t.expiresAt)],
);
