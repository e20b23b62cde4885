/**
 * The earn module's tables: lock-up products and orders (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Lock-up products (docs/decisions/0052-earn.md): SPEC section 3's Pro 15, Pro 30 and Pro 60, seeded by
 * migration 0033. Staff may close or reopen one and change its yield (for new subscriptions only).
 */
export const lockupProducts = pgTable(
  'lockup_products',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** The yield for the whole term, in percent (5 = 5 % over 15 days). */
    yieldPercent: money('yield_percent').notNull(),
    days: integer('days').notNull(),
    open: boolean('open').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lockup_products_name_key').on(t.name),
    check('lockup_products_range', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('lockup_products_yield', sql`${t.yieldPercent} >= 0 and ${t.yieldPercent} <= 100`),
    check('lockup_products_days', sql`${t.days} > 0`),
  ],
);

/**
 * A user's lock-up order (docs/decisions/0052-earn.md): `amount` USDT locked from `started_at` to
 * `matures_at` at the product's yield and term as they were at subscription. `active` until the
 * maturity job pays principal + yield (`matured`, `yield_paid`) or the user redeems early (`redeemed`,
 * principal only); either moves it out of `active` with a conditional update, so only one pays.
 */
export const lockupOrders = pgTable(
  'lockup_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    productId: integer('product_id')
      .notNull()
      .references(() => lockupProducts.id),
    amount: money('amount').notNull(),
    yieldPercent: money('yield_percent').notNull(),
    days: integer('days').notNull(),
    status: text('status', { enum: ['active', 'matured', 'redeemed'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    maturesAt: timestamp('matures_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    yieldPaid: money('yield_paid'),
  },
  (t) => [
    index('lockup_orders_user_idx').on(t.userId, t.id),
    index('lockup_orders_due_idx')
      .on(t.maturesAt)
      .where(sql`${t.status} = 'active'`),
    check('lockup_orders_amount_positive', sql`${t.amount} > 0`),
    check('lockup_orders_status', sql`${t.status} in ('active', 'matured', 'redeemed')`),
    check('lockup_orders_settled', sql`(${t.status} = 'active') = (${t.settledAt} is null)`),
  ],
);
