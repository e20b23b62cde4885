/**
 * The whole database, one table per fact. Money columns are `numeric` and travel as strings.
 * Migrations are generated from this file (`npm run db:generate`) and committed.
 */
import { sql } from 'drizzle-orm';
import { CLOSE_REASONS, LANGUAGES } from '../../shared/constants.js';
import { canonical } from '../../shared/money.js';
import {
  type AnyPgColumn,
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
const money = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(38, 18)',
  fromDriver: (value) => canonical(value),
});
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name = 'user_id') =>
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

/** One-time codes sent by mail. Only a keyed hash of the code is kept. */
export const otps = pgTable(
  'otps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset', 'security'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
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

/** Leveraged positions and resting limit orders (docs/architecture.md section 5). */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    coin: text('coin').notNull(),
    tradeType: text('trade_type', { enum: ['buy', 'sell'] }).notNull(),
    hands: money('hands').notNull(),
    leverage: integer('leverage').notNull(),
    orderType: text('order_type', { enum: ['market', 'limit'] })
      .notNull()
      .default('market'),
    limitPrice: money('limit_price'),
    /** pending (limit order resting), open, closed, liquidated, cancelled (revoked limit order). */
    status: text('status', { enum: ['pending', 'open', 'closed', 'liquidated', 'cancelled'] }).notNull(),
    entryPrice: money('entry_price'),
    closePrice: money('close_price'),
    margin: money('margin').notNull(),
    /** Trading fee paid when the position opened (reserved with the margin while an order rests). */
    openFee: money('open_fee').notNull().default('0'),
    /** Trading fee paid when the position closed (none on a liquidation: the remainder goes to insurance). */
    closeFee: money('close_fee').notNull().default('0'),
    /** While open: the mark at which equity falls to the maintenance margin (docs/architecture.md section 5). */
    liquidationPrice: money('liquidation_price'),
    /** Gross P/L at the close price, fees not included. */
    profitLoss: money('profit_loss'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Close the position when the mark reaches this price (docs/decisions/0025-trade-protection.md). */
    takeProfit: money('take_profit'),
    stopLoss: money('stop_loss'),
    /** What closed it: the trader, a take-profit, a stop-loss or a liquidation; null while live or revoked. */
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    /** A partial close's row: the closed part of the position `parent_id` (which stays open with the rest). */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => trades.id),
  },
  (t) => [
    index('trades_user_status_idx').on(t.userId, t.status, t.id),
    index('trades_status_idx').on(t.status, t.coin),
    // The risk engine's index: the open positions a price crosses, by coin, side and liquidation price.
    index('trades_liquidation_idx')
      .on(t.coin, t.tradeType, t.liquidationPrice)
      .where(sql`${t.status} = 'open'`),
    // The resting orders a price reaches, by coin, side and limit.
    index('trades_resting_idx')
      .on(t.coin, t.tradeType, t.limitPrice)
      .where(sql`${t.status} = 'pending'`),
    // The positions whose take-profit or stop-loss a price crosses (docs/decisions/0025).
    index('trades_take_profit_idx')
      .on(t.coin, t.tradeType, t.takeProfit)
      .where(sql`${t.status} = 'open' and ${t.takeProfit} is not null`),
    index('trades_stop_loss_idx')
      .on(t.coin, t.tradeType, t.stopLoss)
      .where(sql`${t.status} = 'open' and ${t.stopLoss} is not null`),
    index('trades_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    check(
      'trades_close_reason_check',
      sql`${t.closeReason} is null or ${t.closeReason} in ('manual', 'take_profit', 'stop_loss', 'liquidation')`,
    ),
  ],
);

/**
 * Spot orders (docs/architecture.md "Spot orders", docs/decisions/0026): a coin bought or sold for
 * USDT in the funding wallet, the house as counterparty. A market order is filled when it is placed;
 * a limit order rests (status open, its USDT or coin held on `spot_holds`) until the mark reaches its
 * price, or is cancelled. Each change NOTIFYs `spot_orders_changed` (migration 0009).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    coin: text('coin').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    orderType: text('order_type', { enum: ['market', 'limit'] }).notNull(),
    quantity: money('quantity').notNull(),
    limitPrice: money('limit_price'),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    filledPrice: money('filled_price'),
    /** In USDT, charged when filled. */
    fee: money('fee').notNull().default('0'),
    /** USDT moved by the fill: paid by a buy (fee included), received by a sell (fee taken). */
    total: money('total'),
    /** Held while resting: USDT of a buy (cost + fee at the limit), the coin of a sell. */
    held: money('held').notNull().default('0'),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('spot_orders_user_status_idx').on(t.userId, t.status, t.id),
    // The per-tick pass's index: the resting orders a mark reaches, by coin, side and limit.
    index('spot_orders_resting_idx')
      .on(t.coin, t.side, t.limitPrice)
      .where(sql`${t.status} = 'open'`),
    check('spot_orders_quantity_positive', sql`${t.quantity} > 0`),
    check('spot_orders_limit_has_price', sql`(${t.orderType} = 'limit') = (${t.limitPrice} is not null)`),
  ],
);

export const tradePriceHistory = pgTable(
  'trade_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: bigint('trade_id', { mode: 'number' })
      .notNull()
      .references(() => trades.id),
    price: money('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_price_history_trade_idx').on(t.tradeId, t.id)],
);

/** Identity documents. Files live under DATA_DIR/uploads with random names. */
export const verifications = pgTable(
  'verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    fullName: text('full_name').notNull(),
    idCardNumber: text('id_card_number').notNull(),
    idCardFront: text('id_card_front').notNull(),
    idCardBack: text('id_card_back').notNull(),
    selfie: text('selfie').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verifications_user_idx').on(t.userId, t.id),
    index('verifications_status_idx').on(t.status, t.id),
    // At most one submission per user waiting for review.
    uniqueIndex('verifications_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_sessions_user_idx').on(t.userId, t.createdAt),
    // A user has at most one open session.
    uniqueIndex('chat_sessions_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id),
    senderId: userRef('sender_id'),
    isStaff: boolean('is_staff').notNull(),
    text: text('text').notNull().default(''),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);

/** Staff-editable settings: USDO price, deposit addresses. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The FAQ bot's knowledge base. */
export const faqEntries = pgTable('faq_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  topic: text('topic').notNull(),
  question: text('question').notNull(),
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  answer: text('answer').notNull(),
  /** The answer in other languages of the picker, by code; none for a language answers in English (docs/decisions/0064). */
  translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
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
 * A user's TOTP secret (docs/decisions/0021): AES-256-GCM ciphertext, never the secret in
 * clear. Pending (enabled_at null) from setup until a code confirms it; `last_used_step` is the
 * newest 30-second step a code was accepted for, so no code is accepted twice.
 */
export const totpSecrets = pgTable('totp_secrets', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a user with TOTP on: keyed hashes only; a used code keeps its row. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in that passed the password and waits for its second factor: the ticket's SHA-256 only,
 * 5 minutes, single use, bound to the user.
 */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    ticketHash: text('ticket_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_tickets_hash_key').on(t.ticketHash), index('login_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * A user's passkeys (WebAuthn credentials, docs/decisions/0022): the public key and the
 * signature counter the authenticator last reported. A passkey signs in on its own and is a second factor.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** base64url, as the browser sends it in `id`. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet used: each is good once, for one purpose, for 5 minutes.
 * user_id is null for a passwordless sign-in (the passkey names its user).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    purpose: text('purpose', { enum: ['registration', 'sign-in', 'second-factor'] }).notNull(),
    challenge: text('challenge').notNull(),
    /** Where the options were handed out: the answer must come from this site (PUBLIC_URL, else the request's host). */
    rpId: text('rp_id').notNull(),
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Wrong passwords and codes, one row each, counted per account over a window (modules/security/lockouts.ts;
 * docs/security.md "## Locks").
 */
export const securityFailures = pgTable(
  'security_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    /** 'sign-in-code': a wrong second factor at sign-in's second step (docs/decisions/0046-sign-in-code-lock.md). */
    kind: text('kind', { enum: ['login-password', 'sign-in-code', 'transaction-password', 'two-factor'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_failures_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    check(
      'security_failures_kind',
      sql`${t.kind} in ('login-password', 'sign-in-code', 'transaction-password', 'two-factor')`,
    ),
  ],
);

/** Locks and cooldowns in force until `locked_until`: one row per user and reason, extended in place. */
export const accountLocks = pgTable(
  'account_locks',
  {
    userId: userRef(),
    reason: text('reason').notNull(),
    scope: text('scope', { enum: ['sign-in', 'withdrawal'] }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'account_locks_pkey', columns: [t.userId, t.reason] }),
    check('account_locks_scope', sql`${t.scope} in ('sign-in', 'withdrawal')`),
  ],
);

/** The user's saved withdrawal addresses (the address book; with the whitelist on, the only ones allowed). */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    currency: text('currency').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('withdrawal_addresses_user_address_key').on(t.userId, t.currency, t.address)],
);

/** Per-user protection switches: the address whitelist and the anti-phishing code shown in every mail. */
export const userSecuritySettings = pgTable('user_security_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  whitelistEnabled: boolean('whitelist_enabled').notNull().default(false),
  antiPhishingCode: text('anti_phishing_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * API keys (docs/security.md "API keys", docs/decisions/0033-api-keys.md): the public key
 * a bot sends as X-MBX-APIKEY and its HMAC secret, encrypted at rest (AES-256-GCM, modules/api-keys):
 * the server needs the secret itself to check signatures, so it cannot be a hash. A key works while
 * `enabled` (the user's switch) and not `ended_at` (a password reset or an account lock ended it for good).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    apiKey: text('api_key').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    label: text('label').notNull(),
    /** Of API_KEY_PERMISSIONS: 'read', 'spot', 'lever'; never withdrawals. */
    permissions: text('permissions').array().notNull(),
    /** Addresses the key may be used from; empty: any. */
    ipAllowlist: text('ip_allowlist')
      .array()
      .notNull()
      .default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'password-reset' or 'password-changed' ('account-locked' on rows a lock ended before decision 0046). */
    endedReason: text('ended_reason'),
  },
  (t) => [
    uniqueIndex('api_keys_api_key_key').on(t.apiKey),
    index('api_keys_user_idx').on(t.userId, t.id),
    check('api_keys_permissions_known', sql`${t.permissions} <@ ARRAY['read', 'spot', 'lever']::text[]`),
    check('api_keys_ended_has_reason', sql`(${t.endedAt} is null) = (${t.endedReason} is null)`),
  ],
);

/** The newClientOrderId a bot gave a spot order through the private API (/api/v3/order). */
export const spotOrderClientIds = pgTable(
  'spot_order_client_ids',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => spotOrders.id),
    userId: userRef(),
    clientOrderId: text('client_order_id').notNull(),
  },
  (t) => [uniqueIndex('spot_order_client_ids_user_client_key').on(t.userId, t.clientOrderId)],
);

/** Listen keys of user data streams (POST /api/v3/userDataStream): valid until `expires_at`, extended by PUT. */
export const apiListenKeys = pgTable(
  'api_listen_keys',
  {
    listenKey: text('listen_key').primaryKey(),
    apiKeyId: bigint('api_key_id', { mode: 'number' })
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('api_listen_keys_api_key_idx').on(t.apiKeyId)],
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

/**
 * A published proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): the Merkle sum tree's
 * root hash, its totals per currency (`totals`, exact decimal strings) and the size of each level, leaves
 * first, so a leaf's path is read from `proof_of_reserves_nodes` without rebuilding the tree.
 */
export const proofOfReservesSnapshots = pgTable('proof_of_reserves_snapshots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdBy: userRef('created_by'),
  root: text('root').notNull(),
  totals: jsonb('totals').$type<Record<string, string>>().notNull(),
  levelSizes: jsonb('level_sizes').$type<number[]>().notNull(),
  createdAt: createdAt(),
});

/** A customer's leaf in a snapshot: their place, their random nonce, their balances (clamped at 0). */
export const proofOfReservesLeaves = pgTable(
  'proof_of_reserves_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => proofOfReservesSnapshots.id),
    leafIndex: integer('leaf_index').notNull(),
    userId: userRef(),
    nonce: text('nonce').notNull(),
    balances: jsonb('balances').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.leafIndex] }),
    uniqueIndex('proof_of_reserves_leaves_user_key').on(t.snapshotId, t.userId),
  ],
);

/** Every node of a snapshot's tree, level 0 the leaves' hashes: a path is one sibling per level. */
export const proofOfReservesNodes = pgTable(
  'proof_of_reserves_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => proofOfReservesSnapshots.id),
    level: integer('level').notNull(),
    nodeIndex: integer('node_index').notNull(),
    hash: text('hash').notNull(),
    sums: jsonb('sums').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.nodeIndex] })],
);

/**
 * Price alerts (migration 0026, docs/decisions/0055-alerts-statements.md): `value` is the price of an
 * above or below alert, the percentage of a move; `fired_at` is set once, by the instance whose
 * conditional UPDATE claimed it (modules/price-alerts/watch.ts). A trigger NOTIFYs price_alerts_changed.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    symbol: text('symbol').notNull(),
    condition: text('condition', { enum: ['above', 'below', 'move'] }).notNull(),
    value: money('value').notNull(),
    createdAt: createdAt(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    firedPrice: money('fired_price'),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_waiting_idx')
      .on(t.symbol)
      .where(sql`${t.firedAt} IS NULL`),
    check('price_alerts_condition_known', sql`${t.condition} in ('above', 'below', 'move')`),
  ],
);

/**
 * Pairs a user starred on Markets (docs/decisions/0060-markets-and-charts.md): one row per user and symbol,
 * at most FAVOURITES_MAX per user (modules/favourites checks it under the user's row lock).
 */
export const userFavourites = pgTable(
  'user_favourites',
  {
    userId: userRef(),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'user_favourites_pkey', columns: [t.userId, t.symbol] })],
);

/**
 * Convert quotes (docs/decisions/0053-convert.md): what one user was offered for `amount` of
 * `from_currency` in `to_currency`, valid until `expires_at`, executed at most once (`executed_at`,
 * set by the UPDATE ... WHERE unused AND not expired that runs the convert). An executed quote is the
 * record of its convert; its ledger entries carry ref_type 'convert' and the row's id.
 */
export const convertQuotes = pgTable(
  'convert_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id the user sees: random, unguessable. */
    quoteId: text('quote_id').notNull(),
    userId: userRef(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: money('amount').notNull(),
    price: money('price').notNull(),
    received: money('received').notNull(),
    fee: money('fee').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('convert_quotes_quote_id_key').on(t.quoteId),
    index('convert_quotes_user_idx').on(t.userId, t.id),
    check('convert_quotes_amount_positive', sql`${t.amount} > 0`),
    check('convert_quotes_received_positive', sql`${t.received} > 0`),
    check('convert_quotes_two_coins', sql`${t.fromCurrency} <> ${t.toCurrency}`),
  ],
);

/**
 * Legal-currency (fiat) orders handled by staff (docs/decisions/0054-fiat-orders.md): USDT or ETH bought
 * or sold on the legal wallet for money paid outside the platform. Statuses FIAT_ORDER_STATUSES
 * (shared/api/fiat.ts); a sell's coins are held from placing until it is completed or cancelled.
 */
export const fiatOrders = pgTable(
  'fiat_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    currency: text('currency', { enum: ['USDT', 'ETH'] }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'instructions_posted', 'paid', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** The payment instructions (bank details) staff typed for this order; null until posted. */
    instructions: text('instructions'),
    /** The staff member who last acted on it. */
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fiat_orders_user_idx').on(t.userId, t.id),
    index('fiat_orders_open_idx')
      .on(t.id)
      .where(sql`${t.status} not in ('completed', 'cancelled')`),
    check('fiat_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('fiat_orders_currency', sql`${t.currency} in ('USDT', 'ETH')`),
    check(
      'fiat_orders_status',
      sql`${t.status} in ('pending', 'instructions_posted', 'paid', 'completed', 'cancelled')`,
    ),
    check('fiat_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Custody (docs/architecture.md "Custody", docs/decisions/0056): each user's deposit address on a chain
 * family, derived from the custody mnemonic at `derivation_index` (a number from a sequence, never
 * reused: one address is never two users'). The address is kept so the watcher can look transfers up.
 */
export const custodyAddresses = pgTable(
  'custody_addresses',
  {
    userId: userRef(),
    family: text('family').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.family] }),
    uniqueIndex('custody_addresses_index_key').on(t.family, t.derivationIndex),
    uniqueIndex('custody_addresses_address_key').on(t.family, sql`lower(${t.address})`),
    check('custody_addresses_index_range', sql`${t.derivationIndex} between 0 and 2147483647`),
  ],
);

/** Where the deposit watcher of a chain stopped: the last block it read and that block's hash (a reorg changes it). */
export const custodyCursors = pgTable('custody_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every transfer to a deposit address the watcher saw (docs/decisions/0057): credited once, by the
 * unique (chain, tx_hash, log_index); a native transfer has log_index -1. Uncredited rows whose block
 * is no longer on the chain (a reorg) are deleted; `transaction_id` is the deposit that credited it.
 */
export const custodyDeposits = pgTable(
  'custody_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    userId: userRef(),
    address: text('address').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custody_deposits_transfer_key').on(t.chain, t.txHash, t.logIndex),
    uniqueIndex('custody_deposits_transaction_key').on(t.transactionId),
    index('custody_deposits_uncredited_idx')
      .on(t.chain, t.blockNumber)
      .where(sql`${t.creditedAt} is null`),
    index('custody_deposits_user_idx').on(t.userId, t.id),
  ],
);

/**
 * What the FAQ bot was asked and answered, per user: the conversation staff read at the chat desk
 * before they join (docs/decisions/0064-staff-desk-and-language-fit.md). `answer` null: no answer.
 */
export const faqExchanges = pgTable(
  'faq_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    question: text('question').notNull(),
    answer: text('answer'),
    topic: text('topic'),
    createdAt: createdAt(),
  },
  (t) => [index('faq_exchanges_user_idx').on(t.userId, t.id)],
);

/**
 * Lock-up products (docs/decisions/0052-earn.md): SPEC section 3's Pro 15, Pro 30 and Pro 60, seeded by
 * migration 0033. Staff may close or reopen one and change its yield (for new subscriptions only).
 */
export const lockupProducts = pgTable(
  'lockup_products',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** The yield for the whole term, in percent (5 = 5 % over 15 days). */
    yieldPercent: money('yield_percent').notNull(),
    days: integer('days').notNull(),
    open: boolean('open').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lockup_products_name_key').on(t.name),
    check('lockup_products_range', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('lockup_products_yield', sql`${t.yieldPercent} >= 0 and ${t.yieldPercent} <= 100`),
    check('lockup_products_days', sql`${t.days} > 0`),
  ],
);

/**
 * A user's lock-up order (docs/decisions/0052-earn.md): `amount` USDT locked from `started_at` to
 * `matures_at` at the product's yield and term as they were at subscription. `active` until the
 * maturity job pays principal + yield (`matured`, `yield_paid`) or the user redeems early (`redeemed`,
 * principal only); either moves it out of `active` with a conditional update, so only one pays.
 */
export const lockupOrders = pgTable(
  'lockup_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    productId: integer('product_id')
      .notNull()
      .references(() => lockupProducts.id),
    amount: money('amount').notNull(),
    yieldPercent: money('yield_percent').notNull(),
    days: integer('days').notNull(),
    status: text('status', { enum: ['active', 'matured', 'redeemed'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    maturesAt: timestamp('matures_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    yieldPaid: money('yield_paid'),
  },
  (t) => [
    index('lockup_orders_user_idx').on(t.userId, t.id),
    index('lockup_orders_due_idx')
      .on(t.maturesAt)
      .where(sql`${t.status} = 'active'`),
    check('lockup_orders_amount_positive', sql`${t.amount} > 0`),
    check('lockup_orders_status', sql`${t.status} in ('active', 'matured', 'redeemed')`),
    check('lockup_orders_settled', sql`(${t.status} = 'active') = (${t.settledAt} is null)`),
  ],
);

/** Each sending address's next nonce on a chain (docs/decisions/0065): locked and moved before signing. */
export const custodyNonces = pgTable(
  'custody_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/**
 * Every chain transaction custody signs (docs/decisions/0065): a withdrawal (one per transaction row), a
 * sweep of a deposit address to the hot wallet, or gas sent to a deposit address for a token sweep. The
 * raw bytes are stored with the reserved nonce before the first broadcast, so a restart sends the same
 * bytes again and never a second transaction; `network_fee` is the gas booked once it is final.
 */
export const custodySends = pgTable(
  'custody_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    kind: text('kind', { enum: ['withdrawal', 'sweep', 'gas'] }).notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    nonce: integer('nonce').notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    status: text('status', { enum: ['signed', 'broadcast', 'confirmed', 'failed'] }).notNull(),
    error: text('error'),
    networkFee: money('network_fee'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custody_sends_nonce_key').on(t.chain, sql`lower(${t.fromAddress})`, t.nonce),
    uniqueIndex('custody_sends_transaction_key').on(t.transactionId),
    uniqueIndex('custody_sends_tx_hash_key').on(t.txHash),
    index('custody_sends_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('signed', 'broadcast')`),
    check('custody_sends_kind', sql`${t.kind} in ('withdrawal', 'sweep', 'gas')`),
    check('custody_sends_status', sql`${t.status} in ('signed', 'broadcast', 'confirmed', 'failed')`),
  ],
);
