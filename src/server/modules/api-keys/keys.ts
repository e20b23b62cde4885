/**
 * API keys (docs/security.md "API keys", docs/decisions/0033-api-keys.md): create (with the
 * second factor, or the emailed code without 2FA), list, switch on and off, delete, and end them all
 * when the user's password is reset or the account is locked. The secret is encrypted at rest with
 * AES-256-GCM under a key derived from JWT_SECRET (security/two-factor.ts's helper), bound to its
 * owner and key id: the server needs the secret itself to check HMAC signatures.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  API_KEYS_MAX,
  API_KEYS_MSG,
  type ApiKeyAnswer,
  type ApiKeyBody,
  type ApiKeyCreated,
  type ApiKeyInfo,
  type ApiKeyPermission,
} from '../../../shared/api/api-keys.js';
import type { AppContext } from '../../context.js';
import { apiKeys } from './schema.js';
import { conflict, notFound } from '../../errors.js';
import { encryptSecret, openSealed, resealRows, type ServerSecrets } from '../../lib/sealing.js';
import { confirmSensitiveChange } from '../security/index.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type KeysContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

/** 64 letters and digits, as the exchange's keys and secrets are. */
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 64;
export const API_KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
const randomKey = () => Array.from({ length: KEY_LENGTH }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');

/** HKDF info of the secrets' encryption key: its own key, not the TOTP secrets'. */
const SECRET_KEY_INFO = 'api-key-secret-v1';
const aadOf = (userId: number, apiKey: string) => `api-key:${userId}:${apiKey}`;

export const sealApiSecret = (jwtSecret: Uint8Array, userId: number, apiKey: string, secret: string) =>
  encryptSecret(jwtSecret, SECRET_KEY_INFO, aadOf(userId, apiKey), secret);

/** The secret of a key, under JWT_SECRET or, after a rotation, JWT_SECRET_PREVIOUS. */
export const openApiSecret = (secrets: ServerSecrets, row: Pick<ApiKeyRow, 'userId' | 'apiKey' | 'secretCiphertext'>) =>
  openSealed(secrets, SECRET_KEY_INFO, aadOf(row.userId, row.apiKey), row.secretCiphertext);

/** The live keys' secrets sealed under JWT_SECRET_PREVIOUS, sealed again under JWT_SECRET (at start). */
export async function resealApiSecrets(ctx: Pick<AppContext, 'db' | 'config'>) {
  const rows = await ctx.db
    .select({ id: apiKeys.id, userId: apiKeys.userId, apiKey: apiKeys.apiKey, stored: apiKeys.secretCiphertext })
    .from(apiKeys)
    .where(isNull(apiKeys.endedAt));
  return resealRows(
    ctx.config,
    SECRET_KEY_INFO,
    rows.map((row) => ({ ...row, aad: aadOf(row.userId, row.apiKey) })),
    async (row, sealed) =>
      (
        await ctx.db
          .update(apiKeys)
          .set({ secretCiphertext: sealed })
          .where(and(eq(apiKeys.id, row.id), eq(apiKeys.secretCiphertext, row.stored)))
          .returning({ id: apiKeys.id })
      ).length > 0,
  );
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function statusOf(row: ApiKeyRow): ApiKeyInfo['status'] {
  if (row.endedAt) return 'ended';
  return row.enabled ? 'active' : 'disabled';
}

function toApiKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    api_key: row.apiKey,
    label: row.label,
    permissions: row.permissions as ApiKeyPermission[],
    ip_allowlist: row.ipAllowlist,
    enabled: row.enabled,
    status: statusOf(row),
    ended_reason: row.endedReason,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
  };
}

export function createApiKeysService(ctx: KeysContext) {
  const { db, clock } = ctx;

  async function own(userId: number, id: number): Promise<ApiKeyRow> {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
    // Another user's key is as unknown as one that does not exist.
    if (!row) throw notFound(msg(API_KEYS_MSG, 'notFound'));
    return row;
  }

  return {
    async list(userId: number): Promise<ApiKeyInfo[]> {
      const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id));
      return rows.map(toApiKeyInfo);
    },

    /** The secret is answered this once; only its ciphertext is kept. */
    async create(userId: number, body: ApiKeyBody): Promise<ApiKeyCreated> {
      // A demo account is for trying the app by hand (docs/decisions/0063-demo-accounts.md).
      await refuseDemo(db, userId, msg(DEMO_MSG, 'noApiKeys'));
      const [held] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
      if ((held?.n ?? 0) >= API_KEYS_MAX) throw conflict(msg(API_KEYS_MSG, 'tooManyKeys'));
      await confirmSensitiveChange(ctx, userId, body.code, body.passkey);
      const apiKey = randomKey();
      const secret = randomKey();
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId,
          apiKey,
          secretCiphertext: sealApiSecret(ctx.config.jwtSecret, userId, apiKey, secret),
          label: body.label,
          permissions: body.permissions,
          ipAllowlist: body.ip_allowlist ?? [],
          createdAt: clock.now(),
        })
        .returning();
      return { message: API_KEYS_MSG.created, ...toApiKeyInfo(row!), secret };
    },

    /** Switch a key off and on again; a key that ended stays ended. */
    async setEnabled(userId: number, id: number, enabled: boolean): Promise<ApiKeyAnswer> {
      const row = await own(userId, id);
      if (row.endedAt) throw conflict(msg(API_KEYS_MSG, 'ended'));
      const [updated] = await db
        .update(apiKeys)
        .set({ enabled })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning();
      return { message: enabled ? API_KEYS_MSG.enabled : API_KEYS_MSG.disabled, key: toApiKeyInfo(updated!) };
    },

    /** Deleting a key ends its listen keys too (ON DELETE CASCADE). */
    async remove(userId: number, id: number) {
      const deleted = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      if (deleted.length === 0) throw notFound(msg(API_KEYS_MSG, 'notFound'));
      return { message: API_KEYS_MSG.deleted };
    },
  };
}
