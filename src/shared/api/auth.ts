/** Accounts: signup with an emailed code, login, password reset and changes (docs/product.md 7 "Auth"). */
import { z } from 'zod';
import {
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  TRANSACTION_PASSWORD_MAX,
  TRANSACTION_PASSWORD_MIN,
} from '../constants.js';
import { MSG, PROFILE_MSG } from '../messages.js';
import { emailInput, otpInput } from './common.js';
import { secondFactorFields } from './security.js';
import { defineMessages } from '../message.js';

/**
 * The answers of sign-up, login and password reset (docs/product.md 7 "Auth") that docs/product.md section 8
 * does not quote (those are MSG's): one table, so each has a code and its translations (message-codes.ts).
 */
export const AUTH_MSG = defineMessages('auth', {
  emailTaken: 'An account with this email already exists',
  accountCreated: 'Account created successfully! Redirecting to login...',
  codeSentIfAccount: 'If an account exists for this email, a verification code has been sent.',
  invalidOtp: 'Invalid or expired OTP',
  tooManyWrongCodes: 'Too many wrong codes. Please request a new OTP.',
  lockedForToday: 'Too many wrong codes for this email today. Please try again tomorrow.',
  waitForNewCode: (seconds: string) => `Please wait ${seconds} seconds before requesting a new code`,
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LOGIN_PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${LOGIN_PASSWORD_MAX} characters`,
  firstNameTooLong: 'First name is too long',
  lastNameTooLong: 'Last name is too long',
} as const);

export const loginPassword = z
  .string({ error: AUTH_MSG.passwordRequired })
  .min(LOGIN_PASSWORD_MIN, { error: AUTH_MSG.passwordTooShort })
  .max(LOGIN_PASSWORD_MAX, { error: AUTH_MSG.passwordTooLong });

export const transactionPassword = z
  .string({ error: MSG.transactionPasswordLength })
  .min(TRANSACTION_PASSWORD_MIN, { error: MSG.transactionPasswordLength })
  .max(TRANSACTION_PASSWORD_MAX, { error: MSG.transactionPasswordLength });

const personName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(64, { error: tooLong });

export const emailOnlyBody = z.object({ email: emailInput });
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>;

export const signupBody = z.object({
  email: emailInput,
  password: loginPassword,
  otp: otpInput,
  first_name: personName(PROFILE_MSG.firstNameRequired, AUTH_MSG.firstNameTooLong),
  last_name: personName(PROFILE_MSG.lastNameRequired, AUTH_MSG.lastNameTooLong),
  /** The promotion code of the sharing link the user came from. */
  referral_code: z.string().trim().max(32).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({
  email: emailInput,
  password: z
    .string({ error: AUTH_MSG.passwordRequired })
    .min(1, { error: AUTH_MSG.passwordRequired })
    .max(LOGIN_PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api-v1/reset-password/. With 2FA on, the reset passes the second factor too: a TOTP or
 * recovery code, or a passkey assertion (docs/decisions/0045-second-factor-guards-itself.md).
 */
export const resetPasswordBody = z.object({
  email: emailInput,
  otp: otpInput,
  password: loginPassword,
  ...secondFactorFields,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const updatePasswordBody = z.object({ new_password: loginPassword, otp: otpInput });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const setTransactionPasswordBody = z.object({ new_password: transactionPassword, otp: otpInput });
export type SetTransactionPasswordBody = z.infer<typeof setTransactionPasswordBody>;

export const verificationStatus = z.enum(['unverified', 'pending', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** Who an account is, as every answer about a user carries it (session, /info, the staff's user view). */
export const accountIdentity = {
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  uniqueid: z.string(),
};

/** The user as the login response and local storage carry it (docs/architecture.md section 3). */
export const sessionUser = z.object({
  user_id: z.number(),
  username: z.string(),
  ...accountIdentity,
  is_admin: z.boolean(),
  is_verified: verificationStatus,
  /** A demo account (docs/decisions/0063-demo-accounts.md); absent from answers older clients stored. */
  is_demo: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** A completed sign-in: the token and the user. */
export const loginSession = z.object({ access: z.string(), user: sessionUser });
/** The completed sign-in (kept as the name clients and tests already use for it). */
export type LoginResponse = z.infer<typeof loginSession>;

/** The second factors a user may have on (docs/security.md): an authenticator app, a passkey. */
export const secondFactorMethod = z.enum(['totp', 'passkey']);
export type SecondFactorMethodName = z.infer<typeof secondFactorMethod>;

/**
 * POST /api-v1/login/ with 2FA on (docs/security.md): no token yet, a ticket for the second step
 * (POST /api-v1/login/2fa/ or a passkey), valid 5 minutes and once.
 */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  ticket: z.string(),
  methods: z.array(secondFactorMethod),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** POST /api-v1/login/: a session, or the 2FA challenge. Old clients still parse a session as before. */
export const loginResponse = z.union([loginSession, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginResponse>;

/** GET /api-v1/info/ */
export const userInfo = z.object({
  ...accountIdentity,
  is_verified: verificationStatus,
  has_transaction_password: z.boolean(),
  promotion_code: z.string(),
  /** A demo account (docs/decisions/0063-demo-accounts.md). */
  is_demo: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A password change ends every older session; the caller gets a fresh token to stay logged in. */
export const passwordChangedResponse = z.object({ message: z.string(), access: z.string() });
export type PasswordChangedResponse = z.infer<typeof passwordChangedResponse>;
