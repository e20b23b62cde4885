/**
 * Stale prices move no money (OWASP ASVS 5 V2 business logic): when the market feed goes silent its
 * prices turn stale, and anything valued on them is refused with a clear message until prices are
 * fresh again; nothing is held or recorded meanwhile. Operations that need no price (USDT) go on.
 * Trades join VALUED_OPERATIONS when they exist (opening a trade, liquidation).
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '../../../src/server/db/schema.js';
import { WALLET_MSG } from '../../../src/shared/api/wallet.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeExchange, type FakeExchange } from '../../helpers/fake-exchange.js';
import { createFakeMarket, type FakeMarket } from '../../helpers/fake-market.js';
import { balanceOf, grant, setTransactionPassword } from '../../helpers/money.js';
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
    body: { address: 'bc1qstalepricetest', amount, currency, transaction_password: '246810' },
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
    fake = await startFakeExchange({ BTCUSDT: '65000.00000000', ETHUSDT: '3000.00000000' });
    t = await createTestApp({
      env: { MARKET_SOURCE: 'binance', MARKET_REGION: 'international' },
      config: { marketEndpoints: { us: fake.endpoints, international: fake.endpoints } },
    });
    user = await trader(t);
    await vi.waitFor(async () => expect(await t.ctx.market.markPrice('BTC')).toMatchObject({ stale: false }), {
      timeout: 10_000,
      interval: 50,
    });
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
