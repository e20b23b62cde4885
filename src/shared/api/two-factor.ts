/**
 * Two-factor authentication with an authenticator app (docs/security.md "Two-factor
 * authentication (TOTP)"): the schemas of /api-v1/2fa/* and the second step of a sign-in, shared by
 * the server and the Safety Center and login screens.
 */
import { z } from 'zod';
import { loginSession, secondFactorMethod } from './auth.js';
import { factorChangeFields, secondFactorFields } from './security.js';
import { defineMessages } from '../message.js';

/** The texts the server answers and the screens show (one source). */
export const TWO_FACTOR_MSG = defineMessages('twoFactor', {
  enterCode: 'Please enter the 6-digit code from your authenticator app or a recovery code',
  wrongCode: 'The code is wrong or already used. Please enter the current code from your authenticator app.',
  codeRequired: 'Please enter your Google Authenticator code',
  /** A sensitive request of a user whose second factors include a passkey, sent without a proof. */
  confirmSecondFactor: 'Confirm with your two-factor code or a passkey',
  setUpFirst: 'Please start the two-factor setup first',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notOn: 'Two-factor authentication is not on',
  enabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor authentication is off. Withdrawals open again in 24 hours.',
  ticketExpired: 'Your sign-in has expired. Please log in again.',
  ticketTooManyWrong: 'Too many wrong codes. Please log in again.',
  /** Changing the second factors with none on: the login password and an emailed code (docs/decisions/0045). */
  enterPassword: 'Please enter your login password',
  wrongPassword: 'The login password is wrong',
  enterEmailCode: 'Please enter the code we emailed you',
  /** A password reset of an account with 2FA on, sent without its second factor. */
  resetNeedsSecondFactor:
    'Two-factor authentication is on for this account. Enter your authenticator code or a recovery code, or confirm with a passkey.',
  recoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work.',
} as const);

/** A sign-in ticket waits this long for its second factor. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;
/** Wrong codes one ticket takes before it is void (each also counts toward the account lock). */
export const LOGIN_TICKET_WRONG_CODES_MAX = 5;

/** How many recovery codes enabling 2FA hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * What the user types: a 6-digit TOTP code or a recovery code ("k7m2q-x9c4d"), spaces allowed;
 * which of the two it is, the server decides.
 */
export const twoFactorCodeInput = z
  .string({ error: TWO_FACTOR_MSG.enterCode })
  .trim()
  .min(1, { error: TWO_FACTOR_MSG.enterCode })
  .max(32, { error: TWO_FACTOR_MSG.enterCode });

/**
 * POST /api-v1/2fa/setup/: the proof of docs/decisions/0045 (the passkey when one is on, else the
 * login password and an emailed code); answers a new pending secret (replacing an unconfirmed one).
 */
export const twoFactorSetupBody = z.object(factorChangeFields).nullish();
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** POST /api-v1/2fa/enable/ and /disable/; /recovery-codes/ takes `code` too (a TOTP or recovery code). */
export const twoFactorCodeBody = z.object({ code: twoFactorCodeInput });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** POST /api-v1/2fa/enable/: the recovery codes are shown this once; only their hashes are kept. */
export const twoFactorEnabledResponse = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponse>;

/**
 * GET /api-v1/2fa/: what the Safety Center shows. `enabled`: any second factor is on (`methods`);
 * `totp`: the authenticator app is; `pending`: a setup waits for its first code.
 */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  methods: z.array(secondFactorMethod),
  recovery_codes_left: z.number().int(),
  pending: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** POST /api-v1/login/2fa/ */
export const loginTwoFactorBody = z
  .object({
    ticket: z.string({ error: TWO_FACTOR_MSG.ticketExpired }).min(1, { error: TWO_FACTOR_MSG.ticketExpired }).max(128),
    /** A TOTP or recovery code... */
    code: twoFactorCodeInput.optional(),
    /** ...or a passkey assertion (after POST /api-v1/login/2fa/passkey-options/). */
    passkey: secondFactorFields.passkey,
  })
  .refine((body) => body.code !== undefined || body.passkey !== undefined, {
    error: TWO_FACTOR_MSG.enterCode,
    path: ['code'],
  });
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBody>;

/** The answer of a completed sign-in: the same as a login without 2FA. */
export const twoFactorLoginResponse = loginSession;
