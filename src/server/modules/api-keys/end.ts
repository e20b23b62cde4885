/**
 * Ending a user's API keys for good (docs/security.md "API keys"): a password reset or change means
 * whoever holds the keys may not be the owner. Locks no longer end them: anyone who knows the email
 * or the password can start one (docs/decisions/0046-sign-in-code-lock.md). Its own file, importing
 * only the schema, so auth can call it inside its transaction without an import cycle.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database.js';
import { apiKeys } from './schema.js';

/** Why every key of a user ended (rows ended by a lock before decision 0046 keep `account-locked`). */
export type ApiKeyEndReason = 'password-reset' | 'password-changed';

/** Ends every live key of the user; `db` may be the caller's transaction (the keys end with its commit). */
export async function endApiKeys(db: Queryable, now: Date, userId: number, reason: ApiKeyEndReason): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.endedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}
