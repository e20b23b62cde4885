/**
 * The trades module's tables: leveraged positions and their price history (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { CLOSE_REASONS } from '../../../shared/constants.js';
import { money, createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Leveraged positions and resting limit orders (docs/architecture.md section 5). */
export const trades = pgTable(
  'trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    coin: text('coin').notNull(),
    tradeType: text('trade_type', { enum: ['buy', 'sell'] }).notNull(),
    hands: money('hands').notNull(),
    leverage: integer('leverage').notNull(),
    orderType: text('order_type', { enum: ['market', 'limit'] })
      .notNull()
      .default('market'),
    limitPrice: money('limit_price'),
    /** pending (limit order resting), open, closed, liquidated, cancelled (revoked limit order). */
    status: text('status', { enum: ['pending', 'open', 'closed', 'liquidated', 'cancelled'] }).notNull(),
    entryPrice: money('entry_price'),
    closePrice: money('close_price'),
    margin: money('margin').notNull(),
    /** Trading fee paid when the position opened (reserved with the margin while an order rests). */
    openFee: money('open_fee').notNull().default('0'),
    /** Trading fee paid when the position closed (none on a liquidation: the remainder goes to insurance). */
    closeFee: money('close_fee').notNull().default('0'),
    /** While open: the mark at which equity falls to the maintenance margin (docs/architecture.md section 5). */
    liquidationPrice: money('liquidation_price'),
    /** Gross P/L at the close price, fees not included. */
    profitLoss: money('profit_loss'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Close the position when the mark reaches this price (docs/decisions/0025-trade-protection.md). */
    takeProfit: money('take_profit'),
    stopLoss: money('stop_loss'),
    /** What closed it: the trader, a take-profit, a stop-loss or a liquidation; null while live or revoked. */
    closeReason: text('close_reason', { enum: CLOSE_REASONS }),
    /** A partial close's row: the closed part of the position `parent_id` (which stays open with the rest). */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => trades.id),
  },
  (t) => [
    index('trades_user_status_idx').on(t.userId, t.status, t.id),
    index('trades_status_idx').on(t.status, t.coin),
    // The risk engine's index: the open positions a price crosses, by coin, side and liquidation price.
    index('trades_liquidation_idx')
      .on(t.coin, t.tradeType, t.liquidationPrice)
      .where(sql`${t.status} = 'open'`),
    // The resting orders a price reaches, by coin, side and limit.
    index('trades_resting_idx')
      .on(t.coin, t.tradeType, t.limitPrice)
      .where(sql`${t.status} = 'pending'`),
    // The positions whose take-profit or stop-loss a price crosses (docs/decisions/0025).
    index('trades_take_profit_idx')
      .on(t.coin, t.tradeType, t.takeProfit)
      .where(sql`${t.status} = 'open' and ${t.takeProfit} is not null`),
    index('trades_stop_loss_idx')
      .on(t.coin, t.tradeType, t.stopLoss)
      .where(sql`${t.status} = 'open' and ${t.stopLoss} is not null`),
    index('trades_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    check(
      'trades_close_reason_check',
      sql`${t.closeReason} is null or ${t.closeReason} in ('manual', 'take_profit', 'stop_loss', 'liquidation')`,
    ),
  ],
);

export const tradePriceHistory = pgTable(
  'trade_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tradeId: bigint('trade_id', { mode: 'number' })
      .notNull()
      .references(() => trades.id),
    price: money('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_price_history_trade_idx').on(t.tradeId, t.id)],
);
