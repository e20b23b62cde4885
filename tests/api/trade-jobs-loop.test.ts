/**
 * The trade-jobs loop (docs/architecture.md section 5) runs on its own timer in the app: a pass that
 * fails (the database refused its work) is logged as an error and the next pass runs as usual, so
 * one bad moment does not stop fills and liquidations for good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { refuseInserts } from '../helpers/faults.js';
import { captureLog, eventually, type CapturedLog } from '../helpers/log.js';
import { expectLedgerBalanced } from '../helpers/money.js';
import { activeTradesOf, leverTrader, openTrade } from '../helpers/trades.js';

let t: TestApp;
let market: FakeMarket;
let log: CapturedLog;
beforeAll(async () => {
  market = createFakeMarket();
  log = captureLog('info');
  t = await createTestApp({ market, log: log.logger, env: { TRADE_JOB_INTERVAL_MS: '30' } });
});
let restorePriceHistory: (() => Promise<void>) | undefined;
afterAll(async () => {
  await restorePriceHistory?.();
  await t.close();
});

describe('the trade-jobs loop', () => {
  it('logs a failed pass and fills the order on a later pass', async () => {
    // The database refuses every price point for now: a fill (which records one) fails, and with it the pass.
    restorePriceHistory = await refuseInserts(t, 'trade_price_history', 'price history is unavailable');

    const trader = await leverTrader(t, '1000');
    const order = await openTrade(t, trader, { order_type: 'limit', limit_price: '59000' });
    expect(order.status).toBe(201);
    market.set('BTC', '58900'); // the order's limit is reached

    const failure = await eventually(
      () => log.errors().find((line) => line.msg === 'trade jobs pass failed'),
      10_000,
      'a failed pass to be logged',
    );
    expect(failure.err?.message).toContain('price history is unavailable');
    expect((await activeTradesOf(t, trader))[0]?.status).toBe('pending');

    await restorePriceHistory();
    const filled = await eventually(
      async () => (await activeTradesOf(t, trader)).find((trade) => trade.status === 'open'),
      10_000,
      'a later pass to fill the order',
    );
    expect(filled.trade_id).toBe(order.body.trade.trade_id);
    await expectLedgerBalanced(t);
  });
});
