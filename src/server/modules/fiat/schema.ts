/**
 * The fiat module's tables: fiat orders (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef, users } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Legal-currency (fiat) orders handled by staff (docs/decisions/0054-fiat-orders.md): USDT or ETH bought
 * or sold on the legal wallet for money paid outside the platform. Statuses FIAT_ORDER_STATUSES
 * (shared/api/fiat.ts); a sell's coins are held from placing until it is completed or cancelled.
 */
export const fiatOrders = pgTable(
  'fiat_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    currency: text('currency', { enum: ['USDT', 'ETH'] }).notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'instructions_posted', 'paid', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** The payment instructions (bank details) staff typed for this order; null until posted. */
    instructions: text('instructions'),
    /** The staff member who last acted on it. */
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fiat_orders_user_idx').on(t.userId, t.id),
    index('fiat_orders_open_idx')
      .on(t.id)
      .where(sql`${t.status} not in ('completed', 'cancelled')`),
    check('fiat_orders_side', sql`${t.side} in ('buy', 'sell')`),
    check('fiat_orders_currency', sql`${t.currency} in ('USDT', 'ETH')`),
    check(
      'fiat_orders_status',
      sql`${t.status} in ('pending', 'instructions_posted', 'paid', 'completed', 'cancelled')`,
    ),
    check('fiat_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);
