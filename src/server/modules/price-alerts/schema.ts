/**
 * The price-alerts module's tables: price alerts (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Price alerts (migration 0026, docs/decisions/0055-alerts-statements.md): `value` is the price of an
 * above or below alert, the percentage of a move; `fired_at` is set once, by the instance whose
 * conditional UPDATE claimed it (modules/price-alerts/watch.ts). A trigger NOTIFYs price_alerts_changed.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    symbol: text('symbol').notNull(),
    condition: text('condition', { enum: ['above', 'below', 'move'] }).notNull(),
    value: money('value').notNull(),
    createdAt: createdAt(),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    firedPrice: money('fired_price'),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_waiting_idx')
      .on(t.symbol)
      .where(sql`${t.firedAt} IS NULL`),
    check('price_alerts_condition_known', sql`${t.condition} in ('above', 'below', 'move')`),
  ],
);
