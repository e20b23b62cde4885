/**
 * Withdrawal protection, locks and the anti-phishing code (docs/security.md "## Locks" and
 * "## Withdrawal protection and anti-phishing"): schemas, figures and texts shared by the server and
 * the Safety Center screens.
 */
import { z } from 'zod';
import { checkAddress, networksOf } from '../addresses.js';
import { MSG } from '../messages.js';
import { CURRENCY_PATTERN, WALLET_MSG } from './wallet.js';
import { defineMessages, msg, schemaError, schemaIssue, type Message } from '../message.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * docs/security.md "## Locks": how many wrong tries in which window lock what for how long.
 * `sign-in` counts wrong passwords, `sign-in-codes` wrong second factors at sign-in (both lock
 * sign-in, each with its own count: docs/decisions/0046-sign-in-code-lock.md), `withdrawal` wrong
 * transaction passwords and second factors of sensitive actions.
 */
export const LOCK_RULES = {
  'sign-in': { limit: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  'sign-in-codes': { limit: 10, windowMs: HOUR, lockMs: HOUR },
  withdrawal: { limit: 5, windowMs: HOUR, lockMs: HOUR },
} as const;
/** Withdrawals stay closed this long after a password change or reset, 2FA off, a new transaction password. */
export const WITHDRAWAL_COOLDOWN_MS = 24 * HOUR;

/** What a lock closes. */
export type LockScope = 'sign-in' | 'withdrawal';
/** Why a lock is on: too many wrong tries, or the cooldown after a change to the account's keys. */
export type LockReason =
  | 'wrong-passwords'
  | 'wrong-sign-in-codes'
  | 'wrong-codes'
  | 'password-changed'
  | 'two-factor-disabled'
  | 'transaction-password-changed';

/** "2026-11-24 14:05 UTC", rounded UP to the minute so the named time is never before the lock ends. */
export function lockTime(until: Date): string {
  const rounded = new Date(Math.ceil(until.getTime() / MINUTE) * MINUTE);
  return `${rounded.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Why a lock is on, as the refusal and the Safety Center say it (camelCase keys: the codes' last part). */
const BECAUSE = {
  wrongPasswords: 'after too many wrong passwords',
  wrongSignInCodes: 'after too many wrong two-factor codes',
  wrongCodes: 'after too many wrong transaction passwords or two-factor codes',
  passwordChanged: 'because your login password was changed',
  twoFactorDisabled: 'because two-factor authentication was turned off',
  transactionPasswordChanged: 'because your transaction password was changed',
} as const;
type BecauseKey = keyof typeof BECAUSE;
const REASON_KEY: Record<LockReason, BecauseKey> = {
  'wrong-passwords': 'wrongPasswords',
  'wrong-sign-in-codes': 'wrongSignInCodes',
  'wrong-codes': 'wrongCodes',
  'password-changed': 'passwordChanged',
  'two-factor-disabled': 'twoFactorDisabled',
  'transaction-password-changed': 'transactionPasswordChanged',
};

/**
 * The lock texts as one-argument templates per scope and reason (the time is the argument), so each
 * has a stable code (shared/message-codes.ts) and is translated whole rather than glued from English
 * parts (docs/decisions/0043-languages.md). `locked` and `lockLine` keep their English and pick from these.
 */
const lockedUntil = (subject: string) =>
  Object.fromEntries(
    Object.entries(BECAUSE).map(([key, because]) => [
      key,
      (until: string) => `${subject} locked until ${until} ${because}`,
    ]),
  ) as Record<BecauseKey, (until: string) => string>;
const LOCKED_UNTIL = { signIn: lockedUntil('Sign-in is'), withdrawal: lockedUntil('Withdrawals are') } as const;
const LOCK_LINE = {
  signIn: (until: string) => `Sign-in locked until ${until}`,
  withdrawal: (until: string) => `Withdrawals locked until ${until}`,
} as const;
const scopeKey = (scope: LockScope) => (scope === 'sign-in' ? 'signIn' : 'withdrawal');

/** The refusal (423) while a lock is on, as a Message: the code of its scope's and reason's template. */
export const lockedMessage = (scope: LockScope, until: Date, reason: LockReason): Message =>
  msg(PROTECTION_MSG.lockedUntil[scopeKey(scope)], REASON_KEY[reason], lockTime(until));

/** A line of the Safety Center (`lockLine`) as a Message: its scope's template, the time its argument. */
export const lockLineMessage = (scope: LockScope, until: Date): Message =>
  msg(PROTECTION_MSG.lockLineUntil, scopeKey(scope), lockTime(until));

export const PROTECTION_MSG = defineMessages('protection', {
  /** The refusal (423) while a lock or cooldown is on. */
  locked: (scope: LockScope, until: Date, reason: LockReason) =>
    LOCKED_UNTIL[scopeKey(scope)][REASON_KEY[reason]](lockTime(until)),
  /** Lines of the Safety Center, e.g. "Withdrawals locked until 2026-11-24 14:05 UTC". */
  lockLine: (scope: LockScope, until: Date) => LOCK_LINE[scopeKey(scope)](lockTime(until)),
  lockedUntil: LOCKED_UNTIL,
  lockLineUntil: LOCK_LINE,
  because: BECAUSE,
  lockBecause: (reason: LockReason) => BECAUSE[REASON_KEY[reason]],
  notWhitelisted: 'With the address whitelist on, you can only withdraw to an address saved in your address book',
  addressSaved: 'Address saved',
  addressDeleted: 'Address deleted',
  addressExists: 'This address is already in your address book',
  addressNotFound: 'Address not found',
  tooManyAddresses: 'Your address book is full (50 addresses). Delete one first.',
  enterLabel: 'Please enter a label',
  labelTooLong: 'Label is at most 40 characters',
  enterCode: 'Please enter the verification code',
  whitelistOn: 'Address whitelist turned on',
  whitelistOff: 'Address whitelist turned off',
  antiPhishingSaved: 'Anti-phishing code saved',
  antiPhishingFormat: 'The anti-phishing code is 4 to 20 letters or digits',
} as const);

/** Most addresses one user may save. */
export const ADDRESS_BOOK_MAX = 50;

/**
 * The code that confirms an address-book or whitelist change: the emailed security code
 * (`POST /api-v1/transcation-password-otp/`) when 2FA is off, the authenticator code when it is on.
 */
/** API keys' code field has the same text: each carries its own code (docs/decisions/0076-error-codes.md). */
const enterCode = schemaError(msg(PROTECTION_MSG, 'enterCode'));
const confirmCode = z.string({ error: enterCode }).trim().min(1, { error: enterCode }).max(32, { error: enterCode });

const passkeyProof = z.record(z.string(), z.unknown()).optional();

export const withdrawalAddressBody = z
  .object({
    address: z
      .string({ error: MSG.enterValidAddress })
      .trim()
      .min(1, { error: MSG.enterValidAddress })
      .max(128, { error: MSG.enterValidAddress })
      .regex(/^\S+$/, { error: MSG.enterValidAddress }),
    currency: z
      .string({ error: 'Please choose a currency' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => CURRENCY_PATTERN.test(v), { error: 'Please choose a currency' }),
    label: z
      .string({ error: PROTECTION_MSG.enterLabel })
      .trim()
      .min(1, { error: PROTECTION_MSG.enterLabel })
      .max(40, { error: PROTECTION_MSG.labelTooLong }),
    /** Required; with 2FA on a passkey assertion may stand in for it. */
    code: confirmCode.optional(),
    passkey: passkeyProof,
    /** See docs/decisions/0029-withdrawal-networks.md: the address is checked as a withdrawal's is (src/shared/addresses.ts); absent: inferred. */
    network: z.string().trim().toUpperCase().max(16).optional(),
  })
  .superRefine((v, ctx) => {
    if (!CURRENCY_PATTERN.test(v.currency) || !/^\S+$/.test(v.address)) return;
    if (networksOf(v.currency).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        ...schemaIssue(msg(WALLET_MSG, 'unsupportedCurrency', v.currency)),
      });
      return;
    }
    const check = checkAddress(v.currency, v.address, v.network);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: [check.field], ...schemaIssue(check.message) });
  });
export type WithdrawalAddressBody = z.infer<typeof withdrawalAddressBody>;

export const withdrawalAddress = z.object({
  id: z.number(),
  address: z.string(),
  currency: z.string(),
  label: z.string(),
  created_at: z.string(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddress>;
export const withdrawalAddressList = z.array(withdrawalAddress);

export const withdrawalWhitelistBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  code: confirmCode.optional(),
  passkey: passkeyProof,
});
export type WithdrawalWhitelistBody = z.infer<typeof withdrawalWhitelistBody>;

export const ANTI_PHISHING_PATTERN = /^[A-Za-z0-9]{4,20}$/;
export const antiPhishingCodeBody = z.object({
  code: z
    .string({ error: PROTECTION_MSG.antiPhishingFormat })
    .trim()
    .regex(ANTI_PHISHING_PATTERN, { error: PROTECTION_MSG.antiPhishingFormat }),
  two_factor_code: z.string().trim().max(32, { error: 'Two-factor code is too long' }).optional(),
  passkey: passkeyProof,
});
export type AntiPhishingCodeBody = z.infer<typeof antiPhishingCodeBody>;

/** "C****9": enough to recognise the code on screen, not enough to read it over a shoulder. */
export const maskAntiPhishingCode = (code: string) => `${code[0]}${'*'.repeat(code.length - 2)}${code.at(-1)}`;

export const accountLock = z.object({
  scope: z.enum(['sign-in', 'withdrawal']),
  until: z.string(),
  reason: z.enum([
    'wrong-passwords',
    'wrong-sign-in-codes',
    'wrong-codes',
    'password-changed',
    'two-factor-disabled',
    'transaction-password-changed',
  ]),
});
export type AccountLock = z.infer<typeof accountLock>;

export const securityStatus = z.object({
  whitelist_enabled: z.boolean(),
  /** Masked (maskAntiPhishingCode), null when none is set. */
  anti_phishing_code: z.string().nullable(),
  locks: z.array(accountLock),
});
export type SecurityStatus = z.infer<typeof securityStatus>;
