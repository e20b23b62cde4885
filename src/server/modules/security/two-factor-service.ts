/**
 * Turning TOTP on and off, and renewing the recovery codes (docs/decisions/0021-two-factor.md,
 * 0045-second-factor-guards-itself.md): above the code checks of two-factor.ts and the proofs of
 * second-factor.ts, which use those checks.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '../../../shared/api/two-factor.js';
import type { FactorChangeProof } from '../../../shared/api/security.js';
import { SERVER_MSG } from '../../../shared/server-messages.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { loginTickets, recoveryCodes, totpSecrets } from './schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { mailSecondFactorChange, secondFactorChanged, secondFactorMethods } from './factors.js';
import { recordFailure, startWithdrawalCooldown } from './lockouts.js';
import { assertNoWrongCodeLock, requireFactorChangeProof } from './second-factor.js';
import {
  consumeTwoFactorCode,
  decryptTotpSecret,
  encryptTotpSecret,
  hasTotp,
  matchingStep,
  newRecoveryCode,
  normalizeCode,
  replaceRecoveryCodes,
  TOTP_ISSUER,
  totpRow,
  wrongCode,
  type TwoFactorContext,
} from './two-factor.js';
import { msg } from '../../../shared/message.js';

export function createTwoFactorService(ctx: TwoFactorContext & Pick<AppContext, 'log'>) {
  return {
    /**
     * A new pending secret, replacing an unconfirmed one; refused while TOTP is on. Takes the proof
     * of docs/decisions/0045 (a passkey when one is on, else the password and an emailed code): only
     * who gave it sees the secret, so enabling with its code needs nothing more.
     */
    async setup(userId: number, proof: FactorChangeProof): Promise<TwoFactorSetupResponse> {
      const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError(401, msg(SERVER_MSG, 'loginAgain'));
      if (await hasTotp(ctx.db, userId)) throw conflict(msg(TWO_FACTOR_MSG, 'alreadyOn'));
      await requireFactorChangeProof(ctx, userId, proof);
      const secret = generateSecret();
      const secretCiphertext = encryptTotpSecret(ctx.config.jwtSecret, userId, secret);
      const now = ctx.clock.now();
      const saved = await ctx.db
        .insert(totpSecrets)
        .values({ userId, secretCiphertext, createdAt: now })
        .onConflictDoUpdate({
          target: totpSecrets.userId,
          set: { secretCiphertext, lastUsedStep: null, createdAt: now },
          setWhere: isNull(totpSecrets.enabledAt),
        })
        .returning({ userId: totpSecrets.userId });
      if (saved.length === 0) throw conflict(msg(TWO_FACTOR_MSG, 'alreadyOn'));
      return { secret, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
    },

    /** Confirms the pending secret with its current code; answers the recovery codes this once. */
    async enable(userId: number, code: string): Promise<TwoFactorEnabledResponse> {
      const row = await totpRow(ctx.db, userId);
      if (!row) throw badRequest(msg(TWO_FACTOR_MSG, 'setUpFirst'), { code: msg(TWO_FACTOR_MSG, 'setUpFirst') });
      if (row.enabledAt) throw conflict(msg(TWO_FACTOR_MSG, 'alreadyOn'));
      const secret = decryptTotpSecret(ctx.config, userId, row.secretCiphertext);
      const step = await matchingStep(secret, normalizeCode(code), ctx.clock.now(), row.lastUsedStep);
      if (step === null) {
        await recordFailure(ctx, userId, 'two-factor');
        throw wrongCode('code');
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        // Only the secret this code was computed from: a setup started meanwhile makes this one fail.
        const enabled = await tx
          .update(totpSecrets)
          .set({ enabledAt: now, lastUsedStep: step })
          .where(
            and(
              eq(totpSecrets.userId, userId),
              eq(totpSecrets.secretCiphertext, row.secretCiphertext),
              isNull(totpSecrets.enabledAt),
            ),
          )
          .returning({ userId: totpSecrets.userId });
        if (enabled.length === 0) throw conflict(msg(TWO_FACTOR_MSG, 'setUpFirst'));
        await replaceRecoveryCodes(tx, ctx.config.jwtSecret, userId, codes, now);
        await secondFactorChanged(tx, userId, { kind: 'two_factor_enabled' });
      });
      await mailSecondFactorChange(ctx, userId);
      return { message: TWO_FACTOR_MSG.enabled, recovery_codes: codes };
    },

    /**
     * Ten new recovery codes for the old ones, with a current code (TOTP or recovery: the last
     * recovery code left still makes new ones). docs/decisions/0045.
     */
    async renewRecoveryCodes(userId: number, code: string): Promise<TwoFactorEnabledResponse> {
      if (!(await hasTotp(ctx.db, userId)))
        throw badRequest(msg(TWO_FACTOR_MSG, 'notOn'), { code: msg(TWO_FACTOR_MSG, 'notOn') });
      await assertNoWrongCodeLock(ctx, userId);
      await consumeTwoFactorCode(ctx, userId, code, 'code');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await ctx.db.transaction(async (tx) => {
        await replaceRecoveryCodes(tx, ctx.config.jwtSecret, userId, codes, ctx.clock.now());
        await secondFactorChanged(tx, userId, { kind: 'recovery_codes_renewed' });
      });
      await mailSecondFactorChange(ctx, userId);
      return { message: TWO_FACTOR_MSG.recoveryCodesRenewed, recovery_codes: codes };
    },

    /** Turns TOTP off with a code (TOTP or recovery); withdrawals wait 24 hours after. */
    async disable(userId: number, code: string) {
      if (!(await consumeTwoFactorCode(ctx, userId, code, 'code')))
        throw badRequest(msg(TWO_FACTOR_MSG, 'notOn'), { code: msg(TWO_FACTOR_MSG, 'notOn') });
      await ctx.db.transaction(async (tx) => {
        await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        // Sign-ins waiting for a second factor that is gone are void.
        await tx
          .update(loginTickets)
          .set({ usedAt: ctx.clock.now() })
          .where(and(eq(loginTickets.userId, userId), isNull(loginTickets.usedAt)));
        await startWithdrawalCooldown(tx, ctx, userId, 'two-factor-disabled');
        await secondFactorChanged(tx, userId, { kind: 'two_factor_disabled' });
      });
      await mailSecondFactorChange(ctx, userId);
      return { message: TWO_FACTOR_MSG.disabled };
    },

    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await totpRow(ctx.db, userId);
      const [left] = await ctx.db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      const methods = await secondFactorMethods(ctx.db, userId);
      return {
        enabled: methods.length > 0,
        totp: Boolean(row?.enabledAt),
        methods,
        recovery_codes_left: row?.enabledAt ? (left?.count ?? 0) : 0,
        pending: Boolean(row && !row.enabledAt),
      };
    },
  };
}
