/**
 * The identity module's tables: identity documents (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Identity documents. Files live under DATA_DIR/uploads with random names. */
export const verifications = pgTable(
  'verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    fullName: text('full_name').notNull(),
    idCardNumber: text('id_card_number').notNull(),
    idCardFront: text('id_card_front').notNull(),
    idCardBack: text('id_card_back').notNull(),
    selfie: text('selfie').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verifications_user_idx').on(t.userId, t.id),
    index('verifications_status_idx').on(t.status, t.id),
    // At most one submission per user waiting for review.
    uniqueIndex('verifications_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
