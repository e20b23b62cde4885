/**
 * Secrets sealed at rest under keys derived from the server secret (docs/decisions/0021-two-factor.md,
 * docs/operations.md "Rotating JWT_SECRET"): AES-256-GCM per purpose, opened under JWT_SECRET or
 * JWT_SECRET_PREVIOUS, and sealed again after a rotation. A library below the modules that keep such
 * secrets (security's TOTP, api-keys' signing secrets), so neither imports the other for it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';

const keyCache = new WeakMap<Uint8Array, Map<string, Buffer>>();
/** A 32-byte key for one purpose (HKDF info), derived from the server secret once. */
export function keyOf(jwtSecret: Uint8Array, info: string): Buffer {
  let keys = keyCache.get(jwtSecret);
  if (!keys) keyCache.set(jwtSecret, (keys = new Map()));
  let key = keys.get(info);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, 'coinfront-two-factor', info, 32));
    keys.set(info, key);
  }
  return key;
}

const CIPHERTEXT_VERSION = 'v1';

/**
 * AES-256-GCM with a key of its own per purpose (`info`), bound to its owner by the associated data
 * (`aad`), so a row copied to another account does not open. Used by TOTP secrets (security) and API key secrets (api-keys).
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

export const secretsOf = (secrets: ServerSecrets) =>
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
