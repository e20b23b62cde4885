/**
 * Ending a user's API keys for good (docs/security.md "API keys"): a password reset or change, or
 * an account lock, means whoever holds the keys may not be the owner. Its own file, importing only
 * the schema, so auth and security can call it inside their transactions without an import cycle.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { apiKeys } from '../../db/schema.js';

/** Why every key of a user ended. */
export type ApiKeyEndReason = 'password-reset' | 'password-changed' | 'account-locked';

/** Ends every live key of the user; `db` may be the caller's transaction (the keys end with its commit). */
export async function endApiKeys(db: Queryable, now: Date, userId: number, reason: ApiKeyEndReason): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.endedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}
