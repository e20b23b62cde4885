/**
 * The spot module's tables: spot orders (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { money, createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Spot orders (docs/architecture.md "Spot orders", docs/decisions/0026): a coin bought or sold for
 * USDT in the funding wallet, the house as counterparty. A market order is filled when it is placed;
 * a limit order rests (status open, its USDT or coin held on `spot_holds`) until the mark reaches its
 * price, or is cancelled. Each change NOTIFYs `spot_orders_changed` (migration 0009).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    coin: text('coin').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    orderType: text('order_type', { enum: ['market', 'limit'] }).notNull(),
    quantity: money('quantity').notNull(),
    limitPrice: money('limit_price'),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    filledPrice: money('filled_price'),
    /** In USDT, charged when filled. */
    fee: money('fee').notNull().default('0'),
    /** USDT moved by the fill: paid by a buy (fee included), received by a sell (fee taken). */
    total: money('total'),
    /** Held while resting: USDT of a buy (cost + fee at the limit), the coin of a sell. */
    held: money('held').notNull().default('0'),
    createdAt: createdAt(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('spot_orders_user_status_idx').on(t.userId, t.status, t.id),
    // The per-tick pass's index: the resting orders a mark reaches, by coin, side and limit.
    index('spot_orders_resting_idx')
      .on(t.coin, t.side, t.limitPrice)
      .where(sql`${t.status} = 'open'`),
    check('spot_orders_quantity_positive', sql`${t.quantity} > 0`),
    check('spot_orders_limit_has_price', sql`(${t.orderType} = 'limit') = (${t.limitPrice} is not null)`),
  ],
);
