/** Accounts: sign-up, login, password reset and changes, transaction password, admin bootstrap. */
import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AUTH_MSG,
  type LoginAnswer,
  type LoginResponse,
  type SignupBody,
  type UserInfo,
} from '../../../shared/api/auth.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { MSG } from '../../../shared/messages.js';
import type { SecondFactorProof } from '../../../shared/api/security.js';
import { TWO_FACTOR_MSG, type LoginTwoFactorBody } from '../../../shared/api/two-factor.js';
import { SESSIONS_MSG } from '../../../shared/api/sessions.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { AppError, badRequest, conflict, unauthorized } from '../../errors.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { endApiKeys } from '../api-keys/index.js';
import { verificationStatusOf } from '../identity/index.js';
import {
  assertNotLocked,
  createOtpService,
  INVALID_OTP,
  recordFailure,
  requireSecondFactor,
  secondFactorMethods,
  startWithdrawalCooldown,
} from '../security/index.js';
import { completeLoginWithCode, completeLoginWithPasskey, issueLoginTicket } from './login-tickets.js';
import { sessionUserOf, usernameOf } from './session-user.js';
import { endSession, endSessions, sessionsChanged, startSession, type ClientInfo } from './sessions.js';
import { msg } from '../../../shared/message.js';

type UserRow = typeof users.$inferSelect;

/**
 * A new login password on zxcvbn-ts's common-password list is refused (docs/decisions/0063-demo-accounts.md),
 * before any code is used up, so the same code works with a better password. `field`: the form's field.
 */
async function refuseCommonPassword(password: string, field: 'password' | 'new_password') {
  if (await isCommonPassword(password))
    throw badRequest(msg(DEMO_MSG, 'commonPassword'), { [field]: msg(DEMO_MSG, 'commonPassword') });
}

/** The mail to an existing account when someone asks for a sign-up code with its email. */
export const SIGNUP_EXISTING_SUBJECT = 'You already have a Coinfront account';
export const SIGNUP_EXISTING_TEXT = [
  'Someone asked for a sign-up code for this email address, but it already has a Coinfront account, so no code was sent.',
  '',
  'If it was you, sign in instead, or use "Forgot password" on the login page to set a new password.',
  'If it was not you, you need not do anything: your account is unchanged.',
].join('\n');

const PROMOTION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPromotionCode = () =>
  Array.from({ length: 8 }, () => PROMOTION_ALPHABET[randomInt(PROMOTION_ALPHABET.length)]).join('');
const randomUniqueId = () => String(randomInt(10_000_000, 100_000_000));

export { usernameOf };

async function findByEmail(db: Queryable, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Insert a user, drawing a new random public id or promotion code on the rare collision. */
export async function insertUser(db: Queryable, values: Omit<typeof users.$inferInsert, 'uniqueid' | 'promotionCode'>) {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(users)
        .values({ ...values, uniqueid: randomUniqueId(), promotionCode: randomPromotionCode() })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw conflict(msg(AUTH_MSG, 'emailTaken'));
      const retriable =
        isUniqueViolation(error, 'users_uniqueid_key') || isUniqueViolation(error, 'users_promotion_code_key');
      if (!retriable || attempt >= 10) throw error;
    }
  }
}

export function createAuthService(ctx: Pick<AppContext, 'db' | 'mailer' | 'clock' | 'config' | 'tokens' | 'guard'>) {
  const otp = createOtpService(ctx);

  async function issueToken(user: Pick<UserRow, 'id' | 'tokenVersion' | 'email'>, client: ClientInfo) {
    return startSession(ctx, user, client);
  }

  /**
   * Set a new login password, end every session issued before and close withdrawals for 24 hours
   * (docs/security.md "## Locks": whoever changed it may not be the owner). Returns the new token version.
   */
  async function replaceLoginPassword(userId: number, password: string, reason: 'password-reset' | 'password-changed') {
    const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId))
        .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email });
      await startWithdrawalCooldown(tx, ctx, userId, 'password-changed');
      // The token version already refuses every older token; ending the rows too keeps the
      // Sessions and devices list true (docs/security.md "Sessions and devices").
      await endSessions(tx, ctx.clock.now(), userId);
      // API keys end with the sessions, for good (docs/security.md "API keys").
      await endApiKeys(tx, ctx.clock.now(), userId, reason);
      return updated!;
    });
    sessionsChanged(ctx, userId);
    return row;
  }

  return {
    /**
     * The same answer whether or not the email has an account (no enumeration; docs/security.md
     * "Hygiene"): a new email gets its code, an existing account a mail saying someone tried to sign
     * up with it, and no code. Both are throttled alike.
     */
    async requestSignupOtp(email: string) {
      const existing = await findByEmail(ctx.db, email);
      await otp.issue(
        email,
        'signup',
        existing ? { to: email, subject: SIGNUP_EXISTING_SUBJECT, text: SIGNUP_EXISTING_TEXT } : true,
      );
      return { message: MSG.otpSent };
    },

    async signup(body: SignupBody) {
      await refuseCommonPassword(body.password, 'password');
      // The code first: only its holder (who owns the mailbox) learns that the account exists.
      await otp.consume(body.email, 'signup', body.otp);
      if (await findByEmail(ctx.db, body.email)) throw conflict(msg(AUTH_MSG, 'emailTaken'));
      let referredBy: number | null = null;
      if (body.referral_code) {
        const [referrer] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.promotionCode, body.referral_code.toUpperCase()));
        referredBy = referrer?.id ?? null;
      }
      await insertUser(ctx.db, {
        email: body.email,
        passwordHash: await hashPassword(body.password, ctx.config.passwordHashCost),
        firstName: body.first_name,
        lastName: body.last_name,
        referredBy,
      });
      return { message: AUTH_MSG.accountCreated };
    },

    async login(email: string, password: string, client: ClientInfo): Promise<LoginAnswer> {
      const user = await findByEmail(ctx.db, email);
      // A locked account is refused before its password is checked, so a right guess while locked
      // is refused too (docs/security.md "## Locks").
      if (user) await assertNotLocked(ctx, user.id, 'sign-in');
      // Hash even for unknown emails, so response time does not reveal which accounts exist.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(ctx.config.passwordHashCost)));
      if (user && !ok) {
        await recordFailure(ctx, user.id, 'login-password');
        await assertNotLocked(ctx, user.id, 'sign-in'); // the try that starts the lock says so
      }
      if (!user || !ok) throw unauthorized(msg(MSG, 'loginFailed'));
      // With 2FA on the password is only the first step: a ticket for the second, no token (docs/security.md).
      const methods = await secondFactorMethods(ctx.db, user.id);
      if (methods.length > 0)
        return { two_factor_required: true, ticket: await issueLoginTicket(ctx, user.id), methods };
      return { access: await issueToken(user, client), user: await sessionUserOf(ctx.db, user) };
    },

    /** The second step of a sign-in with 2FA on: a TOTP or recovery code, or a passkey assertion. */
    loginWithSecondFactor(body: LoginTwoFactorBody, client: ClientInfo): Promise<LoginResponse> {
      if (body.passkey !== undefined) return completeLoginWithPasskey(ctx, body.ticket, body.passkey, client);
      return completeLoginWithCode(ctx, body.ticket, body.code!, client);
    },

    /** Same answer whether or not the account exists (no enumeration); only real accounts get mail. */
    async forgotPassword(email: string) {
      const user = await findByEmail(ctx.db, email);
      await otp.issue(email, 'reset', Boolean(user));
      return { message: AUTH_MSG.codeSentIfAccount };
    },

    /**
     * With 2FA on, the reset passes the second factor too (TOTP, a recovery code or a passkey): a
     * mailbox alone does not take over the account (docs/decisions/0045-second-factor-guards-itself.md).
     * The emailed code is checked first, and used up only once the second factor passed, so whoever
     * holds it learns that one is needed and may send it with the same code.
     */
    async resetPassword(email: string, code: string, password: string, proof: SecondFactorProof = {}) {
      await refuseCommonPassword(password, 'password');
      const user = await findByEmail(ctx.db, email);
      if (user && (await secondFactorMethods(ctx.db, user.id)).length > 0) {
        await otp.consume(email, 'reset', code, { keep: true });
        if (!proof.two_factor_code?.trim() && proof.passkey === undefined)
          throw badRequest(msg(TWO_FACTOR_MSG, 'resetNeedsSecondFactor'), {
            two_factor_code: msg(TWO_FACTOR_MSG, 'resetNeedsSecondFactor'),
          });
        await requireSecondFactor(ctx, user.id, proof, 'account');
      }
      await otp.consume(email, 'reset', code);
      if (!user) throw badRequest(INVALID_OTP, { otp: INVALID_OTP });
      await replaceLoginPassword(user.id, password, 'password-reset');
      return { message: MSG.passwordUpdated };
    },

    async sendSecurityOtp(userId: number) {
      await refuseDemo(ctx.db, userId, msg(DEMO_MSG, 'noMail'));
      const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw unauthorized();
      await otp.issue(user.email, 'security');
      return { message: MSG.otpSent };
    },

    async updateLoginPassword(userId: number, email: string, newPassword: string, code: string, client: ClientInfo) {
      await refuseCommonPassword(newPassword, 'new_password');
      await otp.consume(email, 'security', code);
      const row = await replaceLoginPassword(userId, newPassword, 'password-changed');
      return { message: MSG.passwordUpdated, access: await issueToken(row, client) };
    },

    async setTransactionPassword(userId: number, email: string, newPassword: string, code: string) {
      await otp.consume(email, 'security', code);
      const transactionPasswordHash = await hashPassword(newPassword, ctx.config.passwordHashCost);
      await ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ hash: users.transactionPasswordHash })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx.update(users).set({ transactionPasswordHash }).where(eq(users.id, userId));
        // A change closes withdrawals for 24 hours; setting the first one does not, since there was
        // nothing to withdraw with before it (docs/decisions/0024-withdrawal-protection.md).
        if (before?.hash) await startWithdrawalCooldown(tx, ctx, userId, 'transaction-password-changed');
      });
      return { message: MSG.passwordUpdated };
    },

    /**
     * End the session of this token: this device signs out, the others stay signed in (they are
     * signed out from Sessions and devices; docs/decisions/0023).
     */
    async logout(user: { id: number; sessionId: string }) {
      await endSession(ctx, user.id, user.sessionId);
      return { message: SESSIONS_MSG.loggedOut };
    },

    async info(userId: number): Promise<UserInfo> {
      const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError(404, msg(MSG, 'fetchUserFailed'));
      return {
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        uniqueid: user.uniqueid,
        is_verified: await verificationStatusOf(ctx.db, user.id),
        has_transaction_password: user.transactionPasswordHash !== null,
        promotion_code: user.promotionCode,
        is_demo: user.isDemo,
      };
    },
  };
}

/**
 * Make sure staff can log in (docs/architecture.md section 2): ADMIN_EMAIL/ADMIN_PASSWORD are applied on every
 * start; with neither set and no admin yet, one is created with a random password printed once.
 */
export async function ensureAdmin(ctx: Pick<AppContext, 'db' | 'config'>, print: (line: string) => void) {
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail && !adminPassword) {
    const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
    if (existing) return;
  }
  const email = adminEmail ?? 'admin@coinfront.local';
  const user = await findByEmail(ctx.db, email);
  if (user) {
    const updates: Partial<typeof users.$inferInsert> = {};
    if (!user.isAdmin) updates.isAdmin = true;
    if (adminPassword && !(await verifyPassword(adminPassword, user.passwordHash))) {
      updates.passwordHash = await hashPassword(adminPassword, ctx.config.passwordHashCost);
      updates.tokenVersion = user.tokenVersion + 1;
    }
    if (Object.keys(updates).length > 0) await ctx.db.update(users).set(updates).where(eq(users.id, user.id));
    return;
  }
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await insertUser(ctx.db, {
    email,
    passwordHash: await hashPassword(password, ctx.config.passwordHashCost),
    firstName: 'Support',
    lastName: 'Admin',
    isAdmin: true,
  });
  if (!adminPassword)
    print(`Created the staff account ${email} with password ${password} (shown once; change it after login).`);
}
