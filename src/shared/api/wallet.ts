/**
 * Wallets and money movement (docs/product.md 3, 5, 7 "Assets", "Transaction", "Admin"): requests, responses
 * and the form rules of deposits, transfers and withdrawals, for the server and the web forms alike.
 */
import { z } from 'zod';
import {
  MAX_PENDING_DEPOSITS,
  MIN_RECHARGE_USDT,
  QUOTE_CURRENCY,
  TRANSACTION_STATUSES,
  type WalletKind,
} from '../constants.js';
import { ADDRESS_MSG, checkAddress, networksOf as withdrawalNetworksOf } from '../addresses.js';
import { MSG, WITHDRAWAL_LIMITS_MSG } from '../messages.js';
import { AMOUNT_PATTERN, cmp, dec, meetsWithdrawalMinimum, minWithdrawalEquivalent, usdtValue } from '../money.js';
import { decimalString, idParam, sortParams, staffQueueQuery } from './common.js';
import { DEPOSIT_MSG, DEPOSIT_NETWORKS, canonicalTxHash, networksOf, type DepositNetwork } from './deposits.js';
import { secondFactorFields } from './security.js';
import { defineMessages, msg, schemaError, schemaIssue, type Message } from '../message.js';

/** The longest reason staff may give for a Reject (migration 0031 checks it too). */
export const REJECT_REASON_MAX = 500;

/** Our texts (docs/product.md gives none for these cases). */
/** The texts of WALLET_MSG's `alreadyDecided` functions, one entry each (docs/decisions/0076-error-codes.md). */
const WALLET_DECIDED = {
  alreadyApproved: 'This transaction has already been approved',
  alreadyCancelled: 'This transaction has already been cancelled',
  withdrawalAlreadyApproved: 'This withdrawal has already been approved',
  withdrawalAlreadyCancelled: 'This withdrawal has already been cancelled',
} as const;

/** WALLET_MSG's entries that pick a sentence, as Messages (docs/decisions/0076-error-codes.md). */
export const WALLET_MESSAGES = {
  alreadyDecided: (status: 'successful' | 'cancel'): Message =>
    msg(WALLET_DECIDED, status === 'successful' ? 'alreadyApproved' : 'alreadyCancelled'),
  withdrawalAlreadyDecided: (status: 'successful' | 'cancel'): Message =>
    msg(WALLET_DECIDED, status === 'successful' ? 'withdrawalAlreadyApproved' : 'withdrawalAlreadyCancelled'),
};

export const WALLET_MSG = defineMessages('wallet', {
  afterWithPageOrSort: 'after pages the queue in its own order: leave out page and sort',
  invalidCurrencyFilter: 'Currency must be letters and digits',
  invalidTypeFilter: 'Type must be deposit or withdrawal',
  filterTooLong: 'Filter is too long',
  minRecharge: `Minimum recharge is ${MIN_RECHARGE_USDT} USDT`,
  enterPaymentAddress: 'Please enter the payment address',
  tooManyPendingDeposits: `You already have ${MAX_PENDING_DEPOSITS} deposit requests waiting for review. Please wait until staff have reviewed one before you request another.`,
  chooseCurrency: 'Please choose a currency',
  sameWallet: 'Please choose two different accounts',
  nothingToTransfer: 'No available balance to transfer',
  transferSuccessful: 'Transfer successful',
  setTransactionPasswordFirst: 'Please set a transaction password first',
  wrongTransactionPassword: 'Incorrect transaction password',
  withdrawalSubmitted: 'Your withdrawal request has been submitted for review.',
  unsupportedCurrency: (currency: string) => `${currency} cannot be withdrawn`,
  priceUnavailable: (currency: string) =>
    `The price of ${currency} is not available right now. Please try again shortly.`,
  invalidStatus: 'Status must be pending, successful or cancel',
  invalidAction: 'Action must be approve or cancel',
  transactionNotFound: 'Transaction not found',
  alreadyDecided: (status: 'successful' | 'cancel') =>
    status === 'successful' ? WALLET_DECIDED.alreadyApproved : WALLET_DECIDED.alreadyCancelled,
  ownTransaction: 'Staff cannot review their own transactions',
  transactionApproved: 'Transaction approved',
  transactionCancelled: 'Transaction cancelled',
  // The owner's cancel of a pending withdrawal (docs/decisions/0029).
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalCancelled: 'Your withdrawal has been cancelled and the amount returned to your funding account.',
  withdrawalAlreadyDecided: (status: 'successful' | 'cancel') =>
    status === 'successful' ? WALLET_DECIDED.withdrawalAlreadyApproved : WALLET_DECIDED.withdrawalAlreadyCancelled,
  // The one-sentence entries behind the two functions above: their codes and translations.
  decided: WALLET_DECIDED,
  // Staff's Reject names its reason (docs/decisions/0062-money-screens.md).
  rejectReasonRequired: 'Please write the reason for rejecting; the user will read it',
  rejectReasonTooLong: `The reason can be at most ${REJECT_REASON_MAX} characters`,
  reasonOnlyForReject: 'A reason goes with Reject only',
} as const);

// ---- pieces ----

/** A positive decimal with at most 8 places; anything else gets `message`. Numbers are accepted. */
const positiveAmount = (message: string | Message) =>
  z
    .union([z.string(), z.number()], { error: schemaError(message) })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => AMOUNT_PATTERN.test(v) && dec(v).gt(0), { error: schemaError(message), abort: true });

const isPositiveAmount = (v: unknown): v is string | number =>
  (typeof v === 'string' || typeof v === 'number') &&
  AMOUNT_PATTERN.test(String(v).trim()) &&
  dec(String(v).trim()).gt(0);

/** Currency codes travel upper case ('btc' and 'BTC' are the same coin). */
export const CURRENCY_PATTERN = /^[A-Z0-9]{2,12}$/;
const currencyInput = z
  .string({ error: WALLET_MSG.chooseCurrency })
  .trim()
  .toUpperCase()
  .regex(CURRENCY_PATTERN, { error: WALLET_MSG.chooseCurrency });

/** The wallet names of the transfer pickers ('legal-currency' is docs/product.md's label for the legal wallet). */
const WALLET_ALIASES: Record<string, WalletKind> = {
  funding: 'funding',
  lever: 'lever',
  legal: 'legal',
  'legal-currency': 'legal',
  legal_currency: 'legal',
  second: 'second',
};
const walletKindInput = z.string({ error: MSG.invalidWalletType }).transform((v, ctx) => {
  const name = v.trim().toLowerCase();
  // Own keys only: '__proto__' or 'constructor' must not find Object.prototype's members.
  const kind = Object.hasOwn(WALLET_ALIASES, name) ? WALLET_ALIASES[name] : undefined;
  if (!kind) {
    ctx.addIssue({ code: 'custom', message: MSG.invalidWalletType });
    return z.NEVER;
  }
  return kind;
});

// ---- wallet lists ----

/** One row of GET /api-v1/{funding,lever,legal,second}-wallet-list/. */
const walletBalance = z.object({ currency: z.string(), balance: decimalString });
export const walletList = z.array(walletBalance);
export type WalletList = z.infer<typeof walletList>;

// ---- transactions as users see them ----

/** `bonus`: a bonus paid on an approved deposit (docs/decisions/0030), always successful. */
const transactionType = z.enum(['deposit', 'withdrawal', 'transfer', 'bonus']);
const transactionStatus = z.enum(TRANSACTION_STATUSES);

/** An item of GET /api-v1/transcations-history/ (docs/product.md 3) plus the details we add. */
export const transactionItem = z.object({
  transaction_id: z.number(),
  type: transactionType,
  amount: decimalString,
  currency: z.string(),
  status: transactionStatus,
  transfer_from: z.string().nullable(),
  transfer_to: z.string().nullable(),
  created_at: z.string(),
  fee: decimalString,
  arrival_amount: decimalString.nullable(),
  usdt_value: decimalString.nullable(),
  address: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** See docs/decisions/0029-withdrawal-networks.md: the network a deposit named or a withdrawal is sent on (ERC20, TRC20, BTC) and a deposit's transaction hash; null when none (the server always sends both). */
  network: z.string().nullable().optional(),
  tx_hash: z.string().nullable().optional(),
  /** A bonus's program (new_user, membership, vip: docs/decisions/0030); null for other types. */
  bonus_program: z.enum(['new_user', 'membership', 'vip']).nullable().optional(),
  /** Who cancelled it (status cancel): its owner, or staff's Reject (docs/decisions/0028-deposit-networks.md); null otherwise. */
  cancelled_by: z.enum(['owner', 'staff']).nullable().optional(),
  /** Staff's reason for a Reject (docs/decisions/0062-money-screens.md); null otherwise or when staff gave none. */
  reject_reason: z.string().nullable().optional(),
  /** A withdrawal the hot wallet pays (docs/decisions/0065): queued, broadcast (tx_hash set), confirmed or failed; null when staff pay it by hand. */
  chain_status: z.enum(['queued', 'broadcast', 'confirmed', 'failed']).nullable().optional(),
});
export type TransactionItem = z.infer<typeof transactionItem>;

export const transactionHistoryQuery = z.object({
  status: z.enum(TRANSACTION_STATUSES, { error: WALLET_MSG.invalidStatus }).optional(),
  /** Newest first; pass the last transaction_id seen to get older ones. */
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuery>;
export const transactionHistory = z.array(transactionItem);

/** Answer of the three money-moving POSTs. */
export const transactionCreated = z.object({ message: z.string(), transaction: transactionItem });
export type TransactionCreated = z.infer<typeof transactionCreated>;

// ---- deposit (recharge) ----

export const rechargeBody = z
  .object({
    amount: positiveAmount(msg(MSG, 'enterValidAmount')).refine((v) => dec(v).gte(MIN_RECHARGE_USDT), {
      error: WALLET_MSG.minRecharge,
    }),
    payment_address: z
      .string({ error: WALLET_MSG.enterPaymentAddress })
      .trim()
      .min(1, { error: WALLET_MSG.enterPaymentAddress })
      .max(200, { error: 'The payment address is too long' }),
    // See docs/decisions/0028-deposit-networks.md: optional, so SPEC's {amount, payment_address} stays valid (docs/decisions/0028).
    network: z
      .string({ error: DEPOSIT_MSG.chooseNetwork })
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => (v ? v : undefined)),
    tx_hash: z
      .string({ error: DEPOSIT_MSG.txHashNeedsNetwork })
      .max(200, { error: 'The transaction hash is too long' })
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : undefined)),
  })
  .superRefine((v, ctx) => {
    const networks = networksOf(QUOTE_CURRENCY);
    if (v.network !== undefined && !networks.includes(v.network as DepositNetwork)) {
      const known = (DEPOSIT_NETWORKS as readonly string[]).includes(v.network);
      const message = known
        ? msg(DEPOSIT_MSG, 'wrongNetwork', v.network, QUOTE_CURRENCY, networks.join(' or '))
        : msg(DEPOSIT_MSG, 'chooseNetwork');
      ctx.addIssue({ code: 'custom', path: ['network'], ...schemaIssue(message) });
      return;
    }
    // The sender's address must be one of the network's (absent: one of the currency's), checked by the
    // withdrawal addresses' one validator (src/shared/addresses.ts, docs/decisions/0068-screens-finish.md).
    const sender = checkAddress(QUOTE_CURRENCY, v.payment_address, v.network);
    if (!sender.ok) ctx.addIssue({ code: 'custom', path: ['payment_address'], ...schemaIssue(sender.message) });
    if (v.tx_hash === undefined) return;
    if (v.network === undefined)
      ctx.addIssue({ code: 'custom', path: ['network'], message: DEPOSIT_MSG.txHashNeedsNetwork });
    else if (canonicalTxHash(v.network as DepositNetwork, v.tx_hash) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['tx_hash'],
        message: DEPOSIT_MSG.invalidTxHash(v.network as DepositNetwork),
      });
  })
  .transform((v) => {
    const network = v.network as DepositNetwork | undefined;
    return {
      amount: v.amount,
      payment_address: v.payment_address,
      network: network ?? null,
      tx_hash: network && v.tx_hash ? canonicalTxHash(network, v.tx_hash) : null,
    };
  });
export type RechargeBody = z.infer<typeof rechargeBody>;

// ---- transfer between a user's wallets ----

export const transferBody = z
  .object({
    transfer_from: walletKindInput,
    transfer_to: walletKindInput,
    currency: currencyInput,
    /** Ignored when all_amount is true: the whole balance at that moment moves. */
    amount: z.union([z.string(), z.number()], { error: schemaError(msg(MSG, 'enterValidAmount')) }).optional(),
    all_amount: z.boolean({ error: 'all_amount must be true or false' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.transfer_from === v.transfer_to)
      ctx.addIssue({ code: 'custom', path: ['transfer_to'], message: WALLET_MSG.sameWallet });
    if (!v.all_amount && !isPositiveAmount(v.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], ...schemaIssue(msg(MSG, 'enterValidAmount')) });
  })
  .transform(({ amount, ...rest }) => ({
    ...rest,
    amount: rest.all_amount || amount === undefined ? null : String(amount).trim(),
  }));
export type TransferBody = z.infer<typeof transferBody>;

/** The submit-time rule of the transfer form: null when the amount may be sent. */
export function transferProblem(amount: string, balance: string): Message | null {
  if (!isPositiveAmount(amount)) return msg(MSG, 'enterValidAmount');
  return cmp(amount, balance) > 0 ? msg(MSG, 'transferExceedsBalance') : null;
}

// ---- withdrawal ----

const optionalText = (message: string) => z.string({ error: message }).optional();
const optionalNumberish = z.union([z.string(), z.number()]).optional();

/**
 * Both spellings of docs/product.md 3 are accepted: {ticket_address, password} and {address,
 * transaction_password}. Fee, arrival and USDT value sent by a client are ignored: the server
 * recomputes them. Checks run in the order of docs/product.md 5, so the first message is the form's.
 */
export const withdrawalBody = z
  .object({
    address: optionalText(MSG.enterValidAddress),
    ticket_address: optionalText(MSG.enterValidAddress),
    amount: z.union([z.string(), z.number()], { error: schemaError(msg(MSG, 'enterValidAmount')) }).optional(),
    all_amount: z.boolean({ error: 'all_amount must be true or false' }).optional().default(false),
    transaction_password: optionalText(MSG.enterTransactionPassword),
    password: optionalText(MSG.enterTransactionPassword),
    currency: z.string({ error: WALLET_MSG.chooseCurrency }).optional(),
    /** ERC20, TRC20 or BTC (docs/decisions/0028-deposit-networks.md); absent: inferred from the address (src/shared/addresses.ts). */
    network: z.string({ error: ADDRESS_MSG.unknownNetwork }).max(16, { error: ADDRESS_MSG.unknownNetwork }).optional(),
    handling_fee: optionalNumberish,
    arrival_amount: optionalNumberish,
    usdt_value: optionalNumberish,
    // With 2FA on, the withdrawal needs its second factor too (server/modules/security/second-factor.ts).
    ...secondFactorFields,
  })
  .superRefine((v, ctx) => {
    const address = (v.address ?? v.ticket_address ?? '').trim();
    const addressPath = v.address === undefined && v.ticket_address !== undefined ? 'ticket_address' : 'address';
    const currency = (v.currency ?? '').trim().toUpperCase();
    if (!address || address.length > 128 || /\s/.test(address)) {
      ctx.addIssue({ code: 'custom', path: [addressPath], message: MSG.enterValidAddress });
    } else if (withdrawalNetworksOf(currency).length > 0) {
      // The address must be one of the network's, checksum included (docs/decisions/0028-deposit-networks.md): a typo loses money for good.
      const check = checkAddress(currency, address, v.network?.trim().toUpperCase());
      if (!check.ok)
        ctx.addIssue({
          code: 'custom',
          path: [check.field === 'address' ? addressPath : 'network'],
          ...schemaIssue(check.message),
        });
    }
    if (!v.all_amount && !isPositiveAmount(v.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], ...schemaIssue(msg(MSG, 'enterValidAmount')) });
    if (!(v.transaction_password ?? v.password)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.transaction_password === undefined && v.password !== undefined ? 'password' : 'transaction_password'],
        message: MSG.enterTransactionPassword,
      });
    }
    if (!CURRENCY_PATTERN.test(currency)) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: WALLET_MSG.chooseCurrency });
    } else if (withdrawalNetworksOf(currency).length === 0) {
      // No network to check an address for (e.g. USDO, the in-house coin): not withdrawable (0029).
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        ...schemaIssue(msg(WALLET_MSG, 'unsupportedCurrency', currency)),
      });
    }
  })
  .transform((v) => {
    const address = (v.address ?? v.ticket_address ?? '').trim();
    const currency = (v.currency ?? '').trim().toUpperCase();
    const check = checkAddress(currency, address, v.network?.trim().toUpperCase());
    return {
      address,
      amount: v.all_amount || v.amount === undefined ? null : String(v.amount).trim(),
      all_amount: v.all_amount,
      transaction_password: v.transaction_password ?? v.password ?? '',
      currency,
      /** Always set once the body parsed (the refinements above refused the rest). */
      network: check.ok ? check.network : null,
      two_factor_code: v.two_factor_code,
      passkey: v.passkey,
    };
  });
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

/** POST /api-v1/withdraw/cancel/ (docs/decisions/0028-deposit-networks.md): the owner takes back their pending withdrawal. */
export const withdrawalCancelBody = z.object({
  transaction_id: z.coerce
    .number({ error: 'transaction_id is required' })
    .int({ error: 'Invalid transaction_id' })
    .positive({ error: 'Invalid transaction_id' })
    .max(2 ** 53 - 1, { error: 'Invalid transaction_id' }),
});
export type WithdrawalCancelBody = z.infer<typeof withdrawalCancelBody>;

/**
 * The money rules of a withdrawal in docs/product.md 5 order (50 USDT minimum, then the balance).
 * `amount` is what would leave (the whole balance with all_amount). null when it may be sent.
 */
export function withdrawalProblem(input: {
  amount: string;
  allAmount: boolean;
  balance: string;
  price: string;
  currency: string;
}): Message | null {
  const equivalent = minWithdrawalEquivalent(input.price);
  if (!meetsWithdrawalMinimum(usdtValue(input.amount, input.price))) {
    return input.allAmount
      ? msg(WITHDRAWAL_LIMITS_MSG, 'insufficientForMinWithdrawal', equivalent, input.currency)
      : msg(WITHDRAWAL_LIMITS_MSG, 'minWithdrawal', equivalent, input.currency);
  }
  if (cmp(input.amount, input.balance) > 0) return msg(MSG, 'withdrawalExceedsBalance');
  return null;
}

// ---- staff: pending transactions and their review ----

/** An item of GET /api-v3/admin/pending-transactions/ (docs/product.md 3) plus withdrawal details. */
const pendingTransaction = z.object({
  transaction_id: z.number(),
  transaction_type: z.enum(['deposit', 'withdrawal']),
  amount: decimalString,
  currency: z.string(),
  created_at: z.string(),
  user_id: z.number(),
  user_email: z.string(),
  /** The address the user paid from (deposit) or wants to be paid to (withdrawal). */
  payment_address: z.string().optional(),
  /** See docs/decisions/0029-withdrawal-networks.md: what the user says the deposit came on, when they said it, or a withdrawal's network. */
  network: z.string().optional(),
  tx_hash: z.string().optional(),
  fee: decimalString.optional(),
  arrival_amount: decimalString.optional(),
  usdt_value: decimalString.optional(),
});
export type PendingTransaction = z.infer<typeof pendingTransaction>;
export const pendingTransactions = z.array(pendingTransaction);

/** Columns the pending transactions table sorts by; without `sort` the queue's own order, oldest first. */
export const PENDING_TRANSACTION_SORTS = [
  'created_at',
  'amount',
  'currency',
  'user_email',
  'transaction_type',
] as const;
export type PendingTransactionSort = (typeof PENDING_TRANSACTION_SORTS)[number];

/**
 * GET /api-v3/admin/pending-transactions/: the queue's `after` and `limit` (docs/decisions/0020), and
 * for the desk's table (docs/decisions/0043-languages.md) `page` (pages of `limit`), `sort` / `order`, and the filters
 * `transaction_type`, `currency` (exact) and `user` (part of the email). The answer stays the plain
 * list; `after` is the cursor of the default order only, so it refuses `page` and `sort`.
 */
export const pendingTransactionsQuery = staffQueueQuery
  .extend({
    ...sortParams(PENDING_TRANSACTION_SORTS),
    page: z.coerce
      .number({ error: 'Invalid page' })
      .int({ error: 'Invalid page' })
      .min(1, { error: 'Invalid page' })
      .max(100_000, { error: 'Invalid page' })
      .optional(),
    transaction_type: z.enum(['deposit', 'withdrawal'], { error: WALLET_MSG.invalidTypeFilter }).optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,20}$/, { error: WALLET_MSG.invalidCurrencyFilter })
      .optional(),
    user: z
      .string()
      .trim()
      .max(100, { error: schemaError(msg(WALLET_MSG, 'filterTooLong')) })
      .optional(),
  })
  .refine((q) => q.after === undefined || (q.page === undefined && q.sort === undefined), {
    error: WALLET_MSG.afterWithPageOrSort,
  });
export type PendingTransactionsQuery = z.infer<typeof pendingTransactionsQuery>;

export const transactionVerificationQuery = z.object({
  transaction_id: z.coerce
    .number({ error: 'transaction_id is required' })
    .int({ error: 'Invalid transaction_id' })
    .positive({ error: 'Invalid transaction_id' })
    .max(2 ** 53 - 1, { error: 'Invalid transaction_id' }),
});
/**
 * SPEC's `{action}`, and staff's `reason` for a Reject (docs/decisions/0062-money-screens.md): the
 * console asks for it always; the API keeps SPEC's body valid without one.
 */
export const transactionVerificationBody = z
  .object({
    action: z.enum(['approve', 'cancel'], { error: WALLET_MSG.invalidAction }),
    reason: z
      .string({ error: WALLET_MSG.rejectReasonRequired })
      .trim()
      .max(REJECT_REASON_MAX, { error: WALLET_MSG.rejectReasonTooLong })
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((v) => v.reason === undefined || v.action === 'cancel', {
    path: ['reason'],
    error: WALLET_MSG.reasonOnlyForReject,
  });
export type TransactionVerificationBody = z.infer<typeof transactionVerificationBody>;
/** GET /api-v1/transactions/:id/: one of the caller's own transactions (the withdrawal status screen). */
export const transactionParams = z.object({ id: idParam });

export const transactionVerified = z.object({
  message: z.string(),
  transaction: transactionItem,
  /** The bonus transactions an approved deposit paid (docs/decisions/0030); absent when none. */
  bonuses: z.array(transactionItem).optional(),
});
export type TransactionVerified = z.infer<typeof transactionVerified>;
