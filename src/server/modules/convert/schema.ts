/**
 * The convert module's tables: convert quotes (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Convert quotes (docs/decisions/0053-convert.md): what one user was offered for `amount` of
 * `from_currency` in `to_currency`, valid until `expires_at`, executed at most once (`executed_at`,
 * set by the UPDATE ... WHERE unused AND not expired that runs the convert). An executed quote is the
 * record of its convert; its ledger entries carry ref_type 'convert' and the row's id.
 */
export const convertQuotes = pgTable(
  'convert_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The id the user sees: random, unguessable. */
    quoteId: text('quote_id').notNull(),
    userId: userRef(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: money('amount').notNull(),
    price: money('price').notNull(),
    received: money('received').notNull(),
    fee: money('fee').notNull(),
    spreadBps: integer('spread_bps').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('convert_quotes_quote_id_key').on(t.quoteId),
    index('convert_quotes_user_idx').on(t.userId, t.id),
    check('convert_quotes_amount_positive', sql`${t.amount} > 0`),
    check('convert_quotes_received_positive', sql`${t.received} > 0`),
    check('convert_quotes_two_coins', sql`${t.fromCurrency} <> ${t.toCurrency}`),
  ],
);
