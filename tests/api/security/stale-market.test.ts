/**
 * Stale prices move no money (OWASP ASVS 5 V2 business logic): when the market feed goes silent its
 * prices turn stale, and anything valued on them is refused with a clear message until prices are
 * fresh again; nothing is held or recorded meanwhile. Operations that need no price (USDT) go on.
 * Trades (docs/decisions/0006): opening and closing on a stale mark are refused (503), and the risk
 * pass (limit fills, liquidation) leaves a coin with a stale mark alone until it is fresh again.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '../../../src/server/db/schema.js';
import { tradePriceHistory, trades } from '../../../src/server/modules/trades/schema.js';
import { runTradeJobsOnce } from '../../../src/server/modules/trades/jobs.js';
import { TRADE_MSG } from '../../../src/shared/api/trade.js';
import { WALLET_MSG } from '../../../src/shared/api/wallet.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeExchange, type FakeExchange } from '../../helpers/fake-exchange.js';
import { createFakeMarket, type FakeMarket } from '../../helpers/fake-market.js';
import { balanceOf, grant, setTransactionPassword } from '../../helpers/money.js';
import { closeTrade, leverTrader, openTrade, openedTradeId } from '../../helpers/trades.js';
import { call, signUp, type TestUser } from '../../helpers/users.js';

interface ValuedOperation {
  name: string;
  /** Needs the price of this coin. */
  coin: string;
  send: (t: TestApp, user: TestUser) => ReturnType<typeof call>;
}

const withdraw = (currency: string, amount: string) => (t: TestApp, user: TestUser) =>
  call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: {
      // A real address of the coin's network (docs/decisions/0028-deposit-networks.md checks it).
      address: currency === 'BTC' ? 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' : 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount,
      currency,
      transaction_password: '246810',
    },
  });

const VALUED_OPERATIONS: ValuedOperation[] = [
  { name: 'a BTC withdrawal', coin: 'BTC', send: withdraw('BTC', '0.002') },
];

async function trader(t: TestApp): Promise<TestUser> {
  const user = await signUp(t);
  await setTransactionPassword(t, user, '246810');
  await grant(t, user, 'funding', 'BTC', '1');
  await grant(t, user, 'funding', 'USDT', '1000');
  return user;
}

const transactionCount = async (t: TestApp, user: TestUser) =>
  (
    await t.db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id)))
  )[0]!.n;

/** The app following a fake exchange (BTC 65000, ETH 3000), once its BTC price is fresh. */
async function appOnFakeExchange(): Promise<{ fake: FakeExchange; t: TestApp }> {
  const fake = await startFakeExchange({ BTCUSDT: '65000.00000000', ETHUSDT: '3000.00000000' });
  const t = await createTestApp({
    env: { MARKET_SOURCE: 'binance', MARKET_REGION: 'international' },
    config: { marketEndpoints: { us: fake.endpoints, international: fake.endpoints } },
  });
  await vi.waitFor(async () => expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ stale: false }), {
    timeout: 10_000,
    interval: 50,
  });
  return { fake, t };
}

describe('a price marked stale', () => {
  let t: TestApp;
  let market: FakeMarket;
  let user: TestUser;
  beforeAll(async () => {
    market = createFakeMarket({ USDT: '1', BTC: '60000' });
    t = await createTestApp({ market });
    user = await trader(t);
  });
  afterAll(() => t.close());

  it.each(VALUED_OPERATIONS)(
    'refuses $name with a clear message, holds nothing, and allows it once fresh',
    async ({ coin, send }) => {
      market.set(coin, '60000', { stale: true });
      const before = {
        balance: await balanceOf(t, user, 'funding', coin),
        transactions: await transactionCount(t, user),
      };
      expect(await send(t, user)).toMatchObject({ status: 503, body: { error: WALLET_MSG.priceUnavailable(coin) } });
      expect({
        balance: await balanceOf(t, user, 'funding', coin),
        transactions: await transactionCount(t, user),
      }).toEqual(before);

      market.set(coin, '60000');
      expect((await send(t, user)).status).toBe(201);
    },
  );

  it('still lets USDT go out, which needs no price', async () => {
    market.set('BTC', '60000', { stale: true });
    expect((await withdraw('USDT', '60')(t, user)).status).toBe(201);
    market.set('BTC', '60000');
  });
});

describe('the exchange feed going silent', () => {
  let fake: FakeExchange;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    ({ fake, t } = await appOnFakeExchange());
    user = await trader(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('makes its prices stale after 15 s: BTC withdrawals are refused, readiness says so, USDT still goes out', async () => {
    expect((await withdraw('BTC', '0.001')(t, user)).status).toBe(201);

    // The exchange stops answering: no stream, no REST. 16 s later (on the app clock) nothing new has come.
    fake.restDown = true;
    fake.streamRefused = true;
    fake.dropStreams();
    t.clock.advance(16_000);
    expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ stale: true });

    const held = await balanceOf(t, user, 'funding', 'BTC');
    const refused = await withdraw('BTC', '0.001')(t, user);
    expect(refused).toMatchObject({
      status: 503,
      body: { error: 'The price of BTC is not available right now. Please try again shortly.' },
    });
    expect(await balanceOf(t, user, 'funding', 'BTC')).toBe(held);
    expect(await call(t, 'GET', '/readyz')).toMatchObject({ status: 503, body: { checks: { market: 'stale' } } });
    expect((await withdraw('USDT', '60')(t, user)).status).toBe(201);
  });
});

describe('trades on a silent exchange feed', () => {
  let fake: FakeExchange;
  let t: TestApp;
  beforeAll(async () => {
    ({ fake, t } = await appOnFakeExchange());
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const markIs = (price: RegExp, stale: boolean) =>
    vi.waitFor(
      async () =>
        expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ price: expect.stringMatching(price), stale }),
      { timeout: 15_000, interval: 50 },
    );
  const state = async (user: TestUser) => ({
    lever: await balanceOf(t, user, 'lever', 'USDT'),
    trades: (await t.db.select().from(trades).where(eq(trades.userId, user.id)).orderBy(trades.id)).map((row) => ({
      id: row.id,
      status: row.status,
    })),
    pricePoints: (await t.db.select({ n: count() }).from(tradePriceHistory))[0]!.n,
    transactions: await transactionCount(t, user),
  });

  it('refuses to open or close, and the risk pass neither liquidates nor fills, until prices are fresh', async () => {
    const user = await leverTrader(t, '10000');
    // 0.1 BTC long at 65000, 100x: margin 65, liquidation at 64350.
    const doomed = await openedTradeId(t, user, { starting_price: '65000' });
    // 0.01 BTC long at 65000, 10x: margin 65, liquidation at 58500; the one the user closes.
    const kept = await openedTradeId(t, user, { starting_price: '65000', hands: '0.01', leverage: 10 });
    // A buy limit at 63500 (margin 63.5, liquidation at 62865): fills when the mark falls to it.
    const order = await openTrade(t, user, { starting_price: '65000', order_type: 'limit', limit_price: '63500' });
    expect(order.body.trade).toMatchObject({ status: 'pending' });

    // The last price the feed delivers is past the liquidation price and reaches the limit; then it goes silent.
    fake.setPrice('BTCUSDT', '63000.00000000');
    fake.push('BTCUSDT');
    await markIs(/^63000(\.0+)?$/, false);
    fake.restDown = true;
    fake.streamRefused = true;
    fake.dropStreams();
    t.clock.advance(16_000);
    await markIs(/^63000(\.0+)?$/, true);
    const before = await state(user);
    expect(before.trades.map((trade) => trade.status)).toEqual(['open', 'open', 'pending']);

    const unavailable = { status: 503, body: { error: TRADE_MSG.priceUnavailable('BTC') } };
    expect(await openTrade(t, user, { starting_price: '63000' })).toMatchObject(unavailable);
    expect(await closeTrade(t, user, kept, '63000')).toMatchObject(unavailable);
    // The pass ran and saw BTC, and left it waiting: no fill, no liquidation, no TP/SL, no spot
    // fill, no price point.
    expect(await runTradeJobsOnce(t.ctx)).toEqual({
      ran: true,
      filled: 0,
      liquidated: 0,
      triggered: 0,
      spotFilled: 0,
      earnPaid: 0,
      sampled: 0,
      waiting: ['BTC'],
    });
    expect(await state(user)).toEqual(before);

    // Fresh again at the same price: the same pass acts, and the user can close.
    fake.restDown = false;
    fake.streamRefused = false;
    // The feed comes back by REST (polled when 5 s have passed on the app clock) or by a reconnected
    // stream (whose back-off runs on real time): nudge both until the mark is fresh.
    await vi.waitFor(
      async () => {
        t.clock.advance(1_000);
        fake.push('BTCUSDT');
        expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ price: '63000.00000000', stale: false });
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(await runTradeJobsOnce(t.ctx)).toMatchObject({ ran: true, filled: 1, liquidated: 1, waiting: [] });
    const after = await state(user);
    expect(after.trades).toEqual([
      { id: doomed, status: 'liquidated' },
      { id: kept, status: 'open' },
      { id: order.body.trade.trade_id, status: 'open' },
    ]);
    expect((await closeTrade(t, user, kept, '63000')).status).toBe(200);
  });
});
