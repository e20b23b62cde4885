/**
 * TOTP two-factor authentication (docs/security.md "Two-factor authentication (TOTP)",
 * docs/decisions/0021-two-factor.md): RFC 6238 with otplib (SHA-1, 6 digits, 30 s), the secret
 * encrypted at rest (lib/sealing.ts), each code accepted once, and ten one-time recovery codes kept
 * as keyed hashes. The codes' checks; two-factor-service.ts turns TOTP on and off with them.
 */
import { createHmac, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor.js';
import type { AppContext } from '../../context.js';
import type { Queryable, Tx } from '../../db/database.js';
import { recoveryCodes, totpSecrets } from './schema.js';
import { badRequest } from '../../errors.js';
import { encryptSecret, keyOf, openSealed, resealRows, secretsOf, type ServerSecrets } from '../../lib/sealing.js';
import { recordFailure, type FailureKind } from './lockouts.js';
import { msg } from '../../../shared/message.js';

export type TwoFactorContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

export const TOTP_ISSUER = 'Coinfront';
const PERIOD_SECONDS = 30;
/** One step either side of now: phones whose clocks drift by up to 30 s still work. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

const TOTP_KEY = 'totp-secret-v1';
const RECOVERY_KEY = 'recovery-code-v1';

const totpAad = (userId: number) => `user:${userId}`;
export const encryptTotpSecret = (jwtSecret: Uint8Array, userId: number, secret: string) =>
  encryptSecret(jwtSecret, TOTP_KEY, totpAad(userId), secret);
export const decryptTotpSecret = (secrets: ServerSecrets, userId: number, stored: string) =>
  openSealed(secrets, TOTP_KEY, totpAad(userId), stored);

/** The TOTP secrets sealed under JWT_SECRET_PREVIOUS, sealed again under JWT_SECRET (at start, resealRows). */
export async function resealTotpSecrets(ctx: Pick<AppContext, 'db' | 'config'>) {
  const rows = await ctx.db
    .select({ userId: totpSecrets.userId, stored: totpSecrets.secretCiphertext })
    .from(totpSecrets);
  return resealRows(
    ctx.config,
    TOTP_KEY,
    rows.map((row) => ({ ...row, aad: totpAad(row.userId) })),
    async (row, sealed) =>
      (
        await ctx.db
          .update(totpSecrets)
          .set({ secretCiphertext: sealed })
          .where(and(eq(totpSecrets.userId, row.userId), eq(totpSecrets.secretCiphertext, row.stored)))
          .returning({ userId: totpSecrets.userId })
      ).length > 0,
  );
}

// ---- recovery codes ----

/** 31 letters and digits without the look-alikes 0/o and 1/l/i: 10 of them are about 49 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

export function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What the user typed, without spaces and dashes, lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

const recoveryHash = (jwtSecret: Uint8Array, userId: number, normalized: string) =>
  createHmac('sha256', keyOf(jwtSecret, RECOVERY_KEY)).update(`${userId}:${normalized}`).digest('base64url');

// ---- TOTP ----

export async function totpRow(db: Queryable, userId: number) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  return row;
}

/**
 * The time step a code is valid for now (within one step either side), or null. Steps at or before
 * `lastUsedStep` never count: a code is accepted once.
 */
export async function matchingStep(secret: string, code: string, now: Date, lastUsedStep: number | null) {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const newestStep = Math.floor((epoch + TOLERANCE_SECONDS) / PERIOD_SECONDS);
  if (lastUsedStep !== null && lastUsedStep >= newestStep) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastUsedStep !== null && { afterTimeStep: lastUsedStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Uses up a TOTP step: true when it was newer than the last one used. The condition in the UPDATE
 * makes two requests with the same code race safely: only one moves the step forward.
 */
async function claimStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step))),
    )
    .returning({ userId: totpSecrets.userId });
  return claimed.length > 0;
}

async function useRecoveryCode(ctx: TwoFactorContext, userId: number, normalized: string): Promise<boolean> {
  if (normalized.length !== RECOVERY_LENGTH) return false;
  const used = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        // A keyed hash cannot be re-keyed without the code: codes made before a rotation are matched
        // under JWT_SECRET_PREVIOUS while it is set.
        inArray(
          recoveryCodes.codeHash,
          secretsOf(ctx.config).map((secret) => recoveryHash(secret, userId, normalized)),
        ),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export const wrongCode = (field: string) =>
  badRequest(msg(TWO_FACTOR_MSG, 'wrongCode'), { [field]: msg(TWO_FACTOR_MSG, 'wrongCode') });

/**
 * Checks and uses up a code of a user with TOTP on: the current TOTP code (once) or an unused
 * recovery code (once). A wrong code counts toward the lock (security/lockouts.ts) as `failure`
 * (sign-in's second step counts toward the sign-in lock, docs/decisions/0046) and is refused with a
 * 400 naming `field`. Returns false instead of throwing when TOTP is not on.
 */
export async function consumeTwoFactorCode(
  ctx: TwoFactorContext,
  userId: number,
  code: string,
  field: string,
  failure: Extract<FailureKind, 'two-factor' | 'sign-in-code'> = 'two-factor',
): Promise<boolean> {
  const row = await totpRow(ctx.db, userId);
  if (!row?.enabledAt) return false;
  const normalized = normalizeCode(code);
  let accepted = false;
  if (/^\d{6}$/.test(normalized)) {
    const secret = decryptTotpSecret(ctx.config, userId, row.secretCiphertext);
    const step = await matchingStep(secret, normalized, ctx.clock.now(), row.lastUsedStep);
    accepted = step !== null && (await claimStep(ctx.db, userId, step));
  } else {
    accepted = await useRecoveryCode(ctx, userId, normalized);
  }
  if (!accepted) {
    await recordFailure(ctx, userId, failure);
    throw wrongCode(field);
  }
  return true;
}

export async function hasTotp(db: Queryable, userId: number): Promise<boolean> {
  return Boolean((await totpRow(db, userId))?.enabledAt);
}

/** The user's recovery codes, all replaced by `codes` (only their keyed hashes are kept). */
export async function replaceRecoveryCodes(tx: Tx, jwtSecret: Uint8Array, userId: number, codes: string[], now: Date) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(
      codes.map((c) => ({ userId, codeHash: recoveryHash(jwtSecret, userId, normalizeCode(c)), createdAt: now })),
    );
}
