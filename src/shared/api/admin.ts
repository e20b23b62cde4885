/**
 * The staff console (docs/product.md 2 "Admin screens": Users and Settings, whose behaviour docs/product.md leaves
 * open; docs/decisions/0009-pages-staff-console-pwa.md): user search and detail (read only), the audit log,
 * and the settings staff may change: the USDO price, the deposit addresses, the FAQ answers.
 */
import { z } from 'zod';
import { WALLET_KINDS } from '../constants.js';
import { AMOUNT_PATTERN, dec } from '../money.js';
import { accountIdentity, verificationStatus } from './auth.js';
import { decimalString, idParam, sortParams } from './common.js';
import { depositNetworkTerms, depositNetworksInput } from './deposits.js';
import { DEPOSIT_NETWORKS } from './support.js';
import { transactionItem, walletList } from './wallet.js';
import { convertSpreadInput } from './convert.js';
import { defineMessages, msg, schemaError } from '../message.js';

/** Our texts (docs/product.md gives none for the staff console). */
export const ADMIN_MSG = defineMessages('admin', {
  userNotFound: 'User not found',
  faqEntryNotFound: 'FAQ entry not found',
  invalidPrice: 'Price must be a positive number with at most 8 decimals',
  usdoPriceOutOfRange: (lowest: string, highest: string) =>
    `The USDO price can now be set from ${lowest} to ${highest}: within 24 hours it moves at most 50 % from any price it had, and never to the liquidation price of an open USDO position`,
  nothingToChange: 'Nothing to change',
  invalidAddress: (network: string) => `Please enter a valid ${network} address`,
  placeholderRequired: (placeholder: string) =>
    `The recharge-address answer must keep ${placeholder}, where the current addresses are shown`,
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  keywordRequired: 'Add at least one keyword',
  settingsSaved: 'Settings saved',
  faqSaved: 'FAQ entry saved',
  fetchUsersFailed: 'Failed to fetch users',
  fetchUserFailed: 'Failed to fetch user details',
  fetchAuditFailed: 'Failed to fetch the audit log',
  fetchSettingsFailed: 'Failed to fetch settings',
  saveFailed: 'Failed to save',
  noUsers: 'No users found',
  noAuditEntries: 'No staff actions yet',
  invalidRole: 'Role must be staff or trader',
  filterTooLong: 'Filter is too long',
  invalidPage: 'Invalid page',
  invalidPageSize: 'Invalid page size',
  pageSizeRange: (max: string) => `Page size must be 1 to ${max}`,
  searchTooLong: 'Search is too long',
} as const);

/** The marker in the recharge-address answer that the FAQ bot replaces with the current addresses. */
export const DEPOSIT_ADDRESSES_PLACEHOLDER = '{{deposit_addresses}}';

const PAGE_SIZE_DEFAULT = 20;
const PAGE_SIZE_MAX = 100;

const pageParams = {
  page: z.coerce
    .number({ error: ADMIN_MSG.invalidPage })
    .int({ error: ADMIN_MSG.invalidPage })
    .min(1, { error: ADMIN_MSG.invalidPage })
    .max(100_000, { error: ADMIN_MSG.invalidPage })
    .default(1),
  page_size: z.coerce
    .number({ error: ADMIN_MSG.invalidPageSize })
    .int({ error: ADMIN_MSG.invalidPageSize })
    .min(1, { error: schemaError(msg(ADMIN_MSG, 'pageSizeRange', String(PAGE_SIZE_MAX))) })
    .max(PAGE_SIZE_MAX, { error: schemaError(msg(ADMIN_MSG, 'pageSizeRange', String(PAGE_SIZE_MAX))) })
    .default(PAGE_SIZE_DEFAULT),
};

const filterText = z
  .string()
  .trim()
  .max(100, { error: schemaError(msg(ADMIN_MSG, 'filterTooLong')) });

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });

// ---- users ----

/** Columns the users table sorts by; without `sort` the newest first. */
export const ADMIN_USERS_SORTS = ['created_at', 'email', 'name', 'uniqueid'] as const;
export type AdminUsersSort = (typeof ADMIN_USERS_SORTS)[number];

/**
 * GET /api-v3/admin/users/?q=&page=&page_size= : q matches email, name or unique id. At a desk (docs/decisions/0041-staff-console-at-a-desk.md) it adds
 * `sort` (ADMIN_USERS_SORTS) and `order` (asc / desc, default asc with a sort, else newest first) and
 * the filter `role` (staff / trader).
 */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(100, { error: ADMIN_MSG.searchTooLong }).optional().default(''),
  ...pageParams,
  ...sortParams(ADMIN_USERS_SORTS),
  role: z.enum(['staff', 'trader'], { error: ADMIN_MSG.invalidRole }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

const adminUserRow = z.object({
  user_id: z.number(),
  email: z.string(),
  name: z.string(),
  uniqueid: z.string(),
  is_verified: verificationStatus,
  is_admin: z.boolean(),
  created_at: z.string(),
});
export const adminUsersPage = paged(adminUserRow);
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const adminUserParams = z.object({ user_id: idParam });

const adminTrade = z.object({
  trade_id: z.number(),
  coin: z.string(),
  trade_type: z.enum(['buy', 'sell']),
  order_type: z.enum(['market', 'limit']),
  status: z.enum(['pending', 'open', 'closed', 'liquidated', 'cancelled']),
  hands: decimalString,
  leverage: z.number(),
  margin: decimalString,
  limit_price: decimalString.nullable(),
  entry_price: decimalString.nullable(),
  close_price: decimalString.nullable(),
  profit_loss: decimalString.nullable(),
  created_at: z.string(),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type AdminTrade = z.infer<typeof adminTrade>;

/** GET /api-v3/admin/users/{user_id}/ : everything staff may look at, nothing they can change here. */
export const adminUserDetail = z.object({
  profile: z.object({
    user_id: z.number(),
    ...accountIdentity,
    is_admin: z.boolean(),
    is_verified: verificationStatus,
    has_transaction_password: z.boolean(),
    promotion_code: z.string(),
    referred_by: z.object({ user_id: z.number(), email: z.string() }).nullable(),
    created_at: z.string(),
  }),
  wallets: z.object(
    Object.fromEntries(WALLET_KINDS.map((kind) => [kind, walletList])) as Record<
      (typeof WALLET_KINDS)[number],
      typeof walletList
    >,
  ),
  /** The latest trades and transactions, newest first (at most DETAIL_LIST_LIMIT each). */
  trades: z.array(adminTrade),
  transactions: z.array(transactionItem),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export const DETAIL_LIST_LIMIT = 100;

// ---- audit log ----

/** Columns the audit log table sorts by; without `sort` the newest first. */
export const AUDIT_LOG_SORTS = ['created_at', 'action', 'actor_email', 'target_type'] as const;
export type AuditLogSort = (typeof AUDIT_LOG_SORTS)[number];

/**
 * GET /api-v3/admin/audit-log/?page=&page_size= . At a desk (docs/decisions/0041-staff-console-at-a-desk.md) it adds `sort` (AUDIT_LOG_SORTS), `order`, and
 * the filters `action` and `target_type` (exact) and `actor` (part of the staff member's email).
 */
export const auditLogQuery = z.object({
  ...pageParams,
  ...sortParams(AUDIT_LOG_SORTS),
  action: filterText.optional(),
  target_type: filterText.optional(),
  actor: filterText.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

const auditEntry = z.object({
  id: z.number(),
  actor_id: z.number(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogPage = paged(auditEntry);
export type AuditLogPage = z.infer<typeof auditLogPage>;

// ---- settings ----

/** What a careless paste must not become: the address users send money to. */
const DEPOSIT_ADDRESS_PATTERNS: Record<(typeof DEPOSIT_NETWORKS)[number], RegExp> = {
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

const depositAddressInput = (network: (typeof DEPOSIT_NETWORKS)[number]) =>
  z
    .string({ error: schemaError(msg(ADMIN_MSG, 'invalidAddress', network)) })
    .trim()
    .regex(DEPOSIT_ADDRESS_PATTERNS[network], { error: schemaError(msg(ADMIN_MSG, 'invalidAddress', network)) });

export const depositAddressesInput = z.object({
  ERC20: depositAddressInput('ERC20'),
  TRC20: depositAddressInput('TRC20'),
  BTC: depositAddressInput('BTC'),
});

/** A price staff type: positive, at most 8 decimals; canonicalised ('1.50' -> '1.5'). */
export const usdoPriceInput = z
  .union([z.string(), z.number()], { error: ADMIN_MSG.invalidPrice })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: ADMIN_MSG.invalidPrice })
  .transform((v) => dec(v).toFixed());

const faqEntry = z.object({
  id: z.number(),
  topic: z.string(),
  question: z.string(),
  keywords: z.array(z.string()),
  answer: z.string(),
  updated_at: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntry>;

/** GET /api-v3/admin/settings/ */
export const adminSettings = z.object({
  usdo_price: z.object({
    price: decimalString,
    updated_at: z.string().nullable(),
    /** The range a change may take now (docs/decisions/0049-usdo-price-window.md). */
    allowed: z.object({ lowest: decimalString, highest: decimalString }),
  }),
  deposit_addresses: z.object({ ERC20: z.string(), TRC20: z.string(), BTC: z.string() }),
  faq_entries: z.array(faqEntry),
  /** See docs/decisions/0028-deposit-networks.md: each deposit network's minimum and confirmations (docs/decisions/0028). */
  deposit_networks: depositNetworkTerms,
  /** The convert spread in basis points (docs/decisions/0053-convert.md). */
  convert_spread: z.object({ bps: z.number().int(), updated_at: z.string().nullable() }),
});
export type AdminSettings = z.infer<typeof adminSettings>;

/** PUT /api-v3/admin/settings/ : any of them. */
export const settingsUpdateBody = z
  .object({
    usdo_price: z.object({ price: usdoPriceInput }).optional(),
    deposit_addresses: depositAddressesInput.optional(),
    deposit_networks: depositNetworksInput.optional(),
    convert_spread_bps: convertSpreadInput.optional(),
  })
  .refine((v) => Object.values(v).some((part) => part !== undefined), { error: ADMIN_MSG.nothingToChange });
export type SettingsUpdateBody = z.infer<typeof settingsUpdateBody>;

export const faqEntryParams = z.object({ id: idParam });

const FAQ_QUESTION_MAX = 200;
const FAQ_ANSWER_MAX = 4000;
const FAQ_KEYWORDS_MAX = 30;
const FAQ_KEYWORD_MAX = 60;

/** PUT /api-v3/admin/settings/faq/{id}/ */
export const faqEntryBody = z.object({
  question: z
    .string({ error: ADMIN_MSG.questionRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.questionRequired })
    .max(FAQ_QUESTION_MAX, { error: `Question must be at most ${FAQ_QUESTION_MAX} characters` }),
  answer: z
    .string({ error: ADMIN_MSG.answerRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.answerRequired })
    .max(FAQ_ANSWER_MAX, { error: `Answer must be at most ${FAQ_ANSWER_MAX} characters` }),
  keywords: z
    .array(
      z
        .string()
        .trim()
        .max(FAQ_KEYWORD_MAX, { error: `A keyword must be at most ${FAQ_KEYWORD_MAX} characters` }),
      { error: ADMIN_MSG.keywordRequired },
    )
    .max(FAQ_KEYWORDS_MAX, { error: `At most ${FAQ_KEYWORDS_MAX} keywords` })
    .transform((list) => [...new Set(list.map((k) => k.toLowerCase()).filter((k) => k !== ''))])
    .refine((list) => list.length > 0, { error: ADMIN_MSG.keywordRequired }),
});
export type FaqEntryBody = z.infer<typeof faqEntryBody>;

export const settingsSaved = z.object({ message: z.string(), settings: adminSettings });
export type SettingsSaved = z.infer<typeof settingsSaved>;
export const faqEntrySaved = z.object({ message: z.string(), entry: faqEntry });
export type FaqEntrySaved = z.infer<typeof faqEntrySaved>;

/** Keywords as staff type them: one line, separated by commas. */
export const parseKeywords = (text: string) =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');

// ---- GET /api-v3/admin/books/ ----

/** One currency of the house's books: what customers hold, each house account, and the sum of all (always "0"). */
const booksCurrency = z.object({
  currency: z.string(),
  /** Sum of every customer wallet balance in this currency: what the platform owes its users freely. */
  customer_balances: decimalString,
  /** Bonuses still locked on customers' bonus accounts (docs/decisions/0047): owed once the turnover is traded. */
  locked_bonuses: decimalString,
  /** deposits, withdrawals, margin, fees, trading, insurance: every house account, "0" when unused. */
  house_accounts: z.array(z.object({ name: z.string(), balance: decimalString })),
  /** customer_balances + locked_bonuses + every house account: "0" when the books balance. */
  total: decimalString,
});

export const booksReport = z.object({
  /** True when every currency's total is 0. */
  balanced: z.boolean(),
  currencies: z.array(booksCurrency),
});
export type BooksReport = z.infer<typeof booksReport>;
