/**
 * Revoking a limit order races its fill (docs/architecture.md section 5): when the background job
 * fills the order while the user's revoke waits for the row, the revoke answers 409 ("just
 * filled, close it instead") and does not close the position the user never asked to close.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_MSG } from '../../src/shared/api/trade.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { eventually } from '../helpers/log.js';
import { balanceOf, expectLedgerBalanced } from '../helpers/money.js';
import { activeTradesOf, closeTrade, leverTrader, openTrade } from '../helpers/trades.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket() });
});
afterAll(() => t.close());

/** Whether some other session is waiting for a row lock right now. */
async function someoneWaitsForALock(): Promise<boolean> {
  const { rows } = await t.db.execute<{ waiting: string }>(
    sql`select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return Number(rows[0]!.waiting) > 0;
}

describe('revoking an order that has just been filled', () => {
  it('answers 409 and leaves the filled trade open with its margin held', async () => {
    const trader = await leverTrader(t, '1000');
    const order = await openTrade(t, trader, { order_type: 'limit', limit_price: '59000' });
    expect(order.status).toBe(201);
    expect(order.body.trade.status).toBe('pending');
    const id = order.body.trade.trade_id;

    // The fill, as the job does it: the trade row locked, the order opened at its limit; not yet committed.
    const filler = await t.db.$client.connect();
    let revoke: ReturnType<typeof closeTrade> | undefined;
    try {
      await filler.query('begin');
      await filler.query('select id from trades where id = $1 for update', [id]);
      await filler.query(
        "update trades set status = 'open', entry_price = limit_price, opened_at = now() where id = $1",
        [id],
      );
      // The user revokes: it still reads a pending order, then waits for the row.
      revoke = closeTrade(t, trader, id, '60000');
      await eventually(someoneWaitsForALock, 10_000, 'the revoke to wait for the trade row');
      await filler.query('commit');
    } catch (error) {
      await filler.query('rollback');
      throw error;
    } finally {
      filler.release();
    }

    const answer = await revoke;
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: TRADE_MSG.justFilled, code: 'trade.justFilled' });
    const [trade] = await activeTradesOf(t, trader);
    expect(trade).toMatchObject({ trade_id: id, status: 'open' });
    // 0.1 BTC at 59000, 100x: 59 stays reserved as the open trade's margin.
    expect(await balanceOf(t, trader, 'lever', 'USDT')).toBe('941');
    await expectLedgerBalanced(t);
  });
});
