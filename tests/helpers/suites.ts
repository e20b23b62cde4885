/**
 * The set-up the API test files share, so that each file states only what is its own: one app per
 * file on a fake market whose prices the test sets, on a walked market at the production rates, or
 * two instances on one database. `use` receives what was made once it exists (in `beforeAll`).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { anotherInstance, createTestApp, type TestApp, type TestAppOptions } from './app.js';
import { createFakeMarket, type FakeMarket } from './fake-market.js';
import { expectLedgerBalanced } from './money.js';
import { finishAllTrades } from './trades.js';
import { createWalkedMarket, type WalkedFake } from './walked-market.js';

interface FakeMarketSuite extends Omit<TestAppOptions, 'market'> {
  /** Prices set before each test. */
  prices?: Record<string, string>;
  /** After each test: the ledger check (docs/architecture.md section 4). */
  checkLedger?: boolean;
  /** After each test: every open trade ended and every pending order revoked. */
  finishTrades?: boolean;
}

/** One app per file on a fake market. */
export function fakeMarketApp(
  use: (t: TestApp, market: FakeMarket) => void,
  { prices, checkLedger, finishTrades, ...options }: FakeMarketSuite = {},
): void {
  let app: TestApp | undefined;
  let market: FakeMarket;
  beforeAll(async () => {
    market = createFakeMarket();
    app = await createTestApp({ market, ...options });
    use(app, market);
  });
  afterAll(() => app?.close());
  if (prices) beforeEach(() => Object.entries(prices).forEach(([coin, price]) => market.set(coin, price)));
  afterEach(async () => {
    if (checkLedger) await expectLedgerBalanced(app!);
    if (finishTrades) await finishAllTrades(app!);
  });
}

/**
 * One app per file at the production rates on a walked market (docs/decisions/0019); after each
 * test the ledger check, every trade finished and BTC walked back to 60000.
 */
export function walkedTradeApp(use: (t: TestApp, walked: WalkedFake) => void): void {
  let app: TestApp | undefined;
  let walked: WalkedFake;
  beforeAll(async () => {
    walked = createWalkedMarket();
    app = await createTestApp({ market: walked.market, tradingRates: 'default' });
    use(app, walked);
  });
  afterAll(() => app?.close());
  afterEach(async () => {
    await expectLedgerBalanced(app!);
    await finishAllTrades(app!);
    walked.feed.set('BTC', '60000');
    await runTradeJobsOnce(app!.ctx);
  });
}

export type OtherInstance = Awaited<ReturnType<typeof anotherInstance>>;

/** An app and a second instance on its database, both listening for each other's changes. */
export function twoInstances(use: (t: TestApp, other: OtherInstance) => void): void {
  let app: TestApp | undefined;
  let other: OtherInstance | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    other = await anotherInstance(app);
    await vi.waitFor(() => expect(app!.ctx.changes.listening() && other!.ctx.changes.listening()).toBe(true));
    use(app, other);
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });
}
