/** A user's identity-verification status, derived from their latest submission. */
import { desc, eq } from 'drizzle-orm';
import type { VerificationStatus } from '../../../shared/api/auth.js';
import type { Queryable } from '../../db/database.js';
import { verifications } from './schema.js';

export async function verificationStatusOf(db: Queryable, userId: number): Promise<VerificationStatus> {
  const [latest] = await db
    .select({ status: verifications.status })
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.id))
    .limit(1);
  return latest?.status ?? 'unverified';
}
