/**
 * TOTP two-factor authentication (issue 16, docs/security.md "Two-factor authentication (TOTP)",
 * docs/decisions/0021-two-factor.md): RFC 6238 with otplib (SHA-1, 6 digits, 30 s), the secret
 * encrypted at rest, each code accepted once, and ten one-time recovery codes kept as keyed hashes.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MSG,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '../../../shared/api/two-factor.js';
import type { FactorChangeProof } from '../../../shared/api/security.js';
import { SERVER_MSG } from '../../../shared/server-messages.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Queryable, Tx } from '../../db/database.js';
import { loginTickets, recoveryCodes, totpSecrets, users } from '../../db/schema.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { recordFailure, startWithdrawalCooldown, type FailureKind } from './lockouts.js';
import {
  assertNoWrongCodeLock,
  mailSecondFactorChange,
  requireFactorChangeProof,
  secondFactorChanged,
  secondFactorMethods,
} from './second-factor.js';

type TwoFactorContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

const TOTP_ISSUER = 'Coinfront';
const PERIOD_SECONDS = 30;
/** One step either side of now: phones whose clocks drift by up to 30 s still work. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

// ---- keys derived from the server secret (docs/decisions/0021-two-factor.md) ----

const keyCache = new WeakMap<Uint8Array, Map<string, Buffer>>();
/** A 32-byte key for one purpose (HKDF info), derived from the server secret once. */
function keyOf(jwtSecret: Uint8Array, info: string): Buffer {
  let keys = keyCache.get(jwtSecret);
  if (!keys) keyCache.set(jwtSecret, (keys = new Map()));
  let key = keys.get(info);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, 'coinfront-two-factor', info, 32));
    keys.set(info, key);
  }
  return key;
}

const TOTP_KEY = 'totp-secret-v1';
const RECOVERY_KEY = 'recovery-code-v1';
const CIPHERTEXT_VERSION = 'v1';

/**
 * AES-256-GCM with a key of its own per purpose (`info`), bound to its owner by the associated data
 * (`aad`), so a row copied to another account does not open. Also the API keys' secrets (modules/api-keys).
 */
export function encryptSecret(jwtSecret: Uint8Array, info: string, aad: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret, info), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [CIPHERTEXT_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function decryptSecret(jwtSecret: Uint8Array, info: string, aad: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== CIPHERTEXT_VERSION || !iv || !tag || body === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret, info), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The server secrets sealed values may be under: JWT_SECRET, and after a rotation JWT_SECRET_PREVIOUS
 * (docs/operations.md "Rotating JWT_SECRET"). Only JWT_SECRET seals.
 */
export type ServerSecrets = Pick<Config, 'jwtSecret' | 'jwtSecretPrevious'>;

const secretsOf = (secrets: ServerSecrets) =>
  secrets.jwtSecretPrevious ? [secrets.jwtSecret, secrets.jwtSecretPrevious] : [secrets.jwtSecret];

/** A sealed value opened under JWT_SECRET, else JWT_SECRET_PREVIOUS (a rotation); throws when neither opens it. */
export function openSealed(secrets: ServerSecrets, info: string, aad: string, stored: string): string {
  try {
    return decryptSecret(secrets.jwtSecret, info, aad, stored);
  } catch (error) {
    if (!secrets.jwtSecretPrevious) throw error;
    return decryptSecret(secrets.jwtSecretPrevious, info, aad, stored);
  }
}

/**
 * After a rotation, at start: `sweep` seals one table's secrets again under JWT_SECRET (resealRows),
 * before the instance serves. Logged; a failure never stops the start, since openSealed still opens
 * what the previous secret sealed (the next start sweeps again).
 */
export function resealAtStart(
  app: Pick<FastifyInstance, 'addHook'>,
  ctx: Pick<AppContext, 'config' | 'log'>,
  what: string,
  sweep: () => Promise<{ resealed: number; unreadable: number }>,
): void {
  if (!ctx.config.jwtSecretPrevious) return;
  app.addHook('onReady', async () => {
    try {
      const { resealed, unreadable } = await sweep();
      ctx.log.info({ resealed, unreadable }, `${what}: sealed again under the current JWT_SECRET`);
      if (unreadable > 0)
        ctx.log.warn({ unreadable }, `${what}: neither JWT_SECRET nor JWT_SECRET_PREVIOUS opens these secrets`);
    } catch (error) {
      ctx.log.error({ err: error }, `${what}: re-sealing under the current JWT_SECRET failed`);
    }
  });
}

/** A row holding a sealed secret, as a re-sealing pass sees it. */
interface SealedRow {
  aad: string;
  stored: string;
}

/**
 * After a rotation (JWT_SECRET_PREVIOUS set): seals again under JWT_SECRET each row's secret that only
 * the previous secret opens, through `save(row, sealed)`, which must write only while the row still
 * holds `row.stored` and say whether it wrote (instances starting together each try; one write wins).
 * Counts the rows it re-sealed and those neither secret opens (sealed under some older secret: lost).
 */
export async function resealRows<T extends SealedRow>(
  secrets: ServerSecrets,
  info: string,
  rows: T[],
  save: (row: T, sealed: string) => Promise<boolean>,
): Promise<{ resealed: number; unreadable: number }> {
  const previous = secrets.jwtSecretPrevious;
  let resealed = 0;
  let unreadable = 0;
  if (!previous) return { resealed, unreadable };
  const opened = (secret: Uint8Array, row: T) => {
    try {
      return decryptSecret(secret, info, row.aad, row.stored);
    } catch {
      return undefined;
    }
  };
  for (const row of rows) {
    if (opened(secrets.jwtSecret, row) !== undefined) continue;
    const value = opened(previous, row);
    if (value === undefined) unreadable++;
    else if (await save(row, encryptSecret(secrets.jwtSecret, info, row.aad, value))) resealed++;
  }
  return { resealed, unreadable };
}

const totpAad = (userId: number) => `user:${userId}`;
const encryptTotpSecret = (jwtSecret: Uint8Array, userId: number, secret: string) =>
  encryptSecret(jwtSecret, TOTP_KEY, totpAad(userId), secret);
const decryptTotpSecret = (secrets: ServerSecrets, userId: number, stored: string) =>
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

function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What the user typed, without spaces and dashes, lower case. */
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

const recoveryHash = (jwtSecret: Uint8Array, userId: number, normalized: string) =>
  createHmac('sha256', keyOf(jwtSecret, RECOVERY_KEY)).update(`${userId}:${normalized}`).digest('base64url');

// ---- TOTP ----

async function totpRow(db: Queryable, userId: number) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId));
  return row;
}

/**
 * The time step a code is valid for now (within one step either side), or null. Steps at or before
 * `lastUsedStep` never count: a code is accepted once.
 */
async function matchingStep(secret: string, code: string, now: Date, lastUsedStep: number | null) {
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

const wrongCode = (field: string) => badRequest(TWO_FACTOR_MSG.wrongCode, { [field]: TWO_FACTOR_MSG.wrongCode });

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
async function replaceRecoveryCodes(tx: Tx, jwtSecret: Uint8Array, userId: number, codes: string[], now: Date) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(
      codes.map((c) => ({ userId, codeHash: recoveryHash(jwtSecret, userId, normalizeCode(c)), createdAt: now })),
    );
}

export function createTwoFactorService(ctx: TwoFactorContext & Pick<AppContext, 'log'>) {
  return {
    /**
     * A new pending secret, replacing an unconfirmed one; refused while TOTP is on. Takes the proof
     * of docs/decisions/0045 (a passkey when one is on, else the password and an emailed code): only
     * who gave it sees the secret, so enabling with its code needs nothing more.
     */
    async setup(userId: number, proof: FactorChangeProof): Promise<TwoFactorSetupResponse> {
      const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError(401, SERVER_MSG.loginAgain);
      if (await hasTotp(ctx.db, userId)) throw conflict(TWO_FACTOR_MSG.alreadyOn);
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
      if (saved.length === 0) throw conflict(TWO_FACTOR_MSG.alreadyOn);
      return { secret, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
    },

    /** Confirms the pending secret with its current code; answers the recovery codes this once. */
    async enable(userId: number, code: string): Promise<TwoFactorEnabledResponse> {
      const row = await totpRow(ctx.db, userId);
      if (!row) throw badRequest(TWO_FACTOR_MSG.setUpFirst, { code: TWO_FACTOR_MSG.setUpFirst });
      if (row.enabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
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
        if (enabled.length === 0) throw conflict(TWO_FACTOR_MSG.setUpFirst);
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
      if (!(await hasTotp(ctx.db, userId))) throw badRequest(TWO_FACTOR_MSG.notOn, { code: TWO_FACTOR_MSG.notOn });
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
        throw badRequest(TWO_FACTOR_MSG.notOn, { code: TWO_FACTOR_MSG.notOn });
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
