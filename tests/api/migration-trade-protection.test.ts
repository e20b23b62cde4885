/**
 * Migration 0008 (trade protection, docs/decisions/0025-trade-protection.md) on a database made by the
 * previous schema: closed trades get close_reason manual, liquidated ones liquidation; live and
 * revoked ones none; the new columns start empty.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { migratedFromOlder, rowsOf } from '../helpers/migrations.js';

const THIS = 8;

let db: Db;
const rows = (query: ReturnType<typeof sql>) => rowsOf(db, query);

migratedFromOlder('mig8', THIS, async (older) => {
  db = older;
  const [user] = await rows(sql`
    insert into users (uniqueid, email, password_hash, first_name, last_name, promotion_code)
    values ('20000008', 'old8@example.com', 'x', 'Old', 'Eight', 'OLD00008') returning id`);
  await db.execute(sql`
    insert into trades (user_id, coin, trade_type, hands, leverage, status, entry_price, margin, profit_loss)
    values (${user!.id}, 'BTC', 'buy', 0.1, 100, 'closed', 60000, 60, 5),
           (${user!.id}, 'BTC', 'buy', 0.1, 100, 'liquidated', 60000, 60, -60),
           (${user!.id}, 'BTC', 'sell', 0.1, 100, 'cancelled', null, 60, 0),
           (${user!.id}, 'BTC', 'sell', 0.1, 100, 'open', 60000, 60, null)`);
});

it('fills close_reason of the trades closed before it: liquidated -> liquidation, closed -> manual', async () => {
  const trades = await rows(
    sql`select status, close_reason, take_profit, stop_loss, parent_id from trades order by id`,
  );
  expect(trades).toEqual([
    { status: 'closed', close_reason: 'manual', take_profit: null, stop_loss: null, parent_id: null },
    { status: 'liquidated', close_reason: 'liquidation', take_profit: null, stop_loss: null, parent_id: null },
    { status: 'cancelled', close_reason: null, take_profit: null, stop_loss: null, parent_id: null },
    { status: 'open', close_reason: null, take_profit: null, stop_loss: null, parent_id: null },
  ]);
  // Only the four reasons are allowed.
  await expect(db.execute(sql`update trades set close_reason = 'other' where status = 'closed'`)).rejects.toThrow();
});
