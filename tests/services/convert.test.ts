/**
 * Convert's rules on the service layer (docs/decisions/0053-convert.md; docs/architecture.md section 9
 * "Test layers"): pricing from the served book less the spread, the refusals the service makes (a
 * balance too small, an amount too small, a stale price), execution at exactly the quoted numbers
 * with the house on the other side, and expired, used or since-unfunded quotes that change nothing.
 * The ledger check and the books hold after each test. The routes' contract (fields, status codes,
 * the request checks, access, the attacks) is in tests/api/convert.test.ts.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../../src/server/db/schema.js';
import { convertQuotes } from '../../src/server/modules/convert/schema.js';
import { createConvertService } from '../../src/server/modules/convert/service.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import { CONVERT_MSG, CONVERT_QUOTE_TTL_MS, convertQuoteBody } from '../../src/shared/api/convert.js';
import { SPOT_MSG } from '../../src/shared/api/spot.js';
import { dec } from '../../src/shared/money.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { balanceIn, fakeMarketServices, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import type { TestUser } from '../helpers/users.js';

let s: TestServices;
let market: FakeMarket;
let convert: ReturnType<typeof createConvertService>;
fakeMarketServices(
  (services, fake) => {
    [s, market] = [services, fake];
    convert = createConvertService(s.ctx);
  },
  { prices: { BTC: '60000', ETH: '3000' } },
);
beforeEach(() => {
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  market.setBook('ETH', null);
});
// The ledger check (convert entries included) and the house's books after every test.
afterEach(async () => {
  await expectLedgerBalanced(s);
  expect((await readBooks(s.db)).balanced).toBe(true);
});

/** The request as the route hands it on: parsed by the route's own schema. */
const quote = (user: TestUser, body: Record<string, unknown>) => convert.quote(user.id, convertQuoteBody.parse(body));
const execute = (user: TestUser, quoteId: string) => convert.execute(user.id, quoteId);
const funding = (user: TestUser, currency: string) => balanceIn(s, user, 'funding', currency);

async function holder(currency: string, amount: string): Promise<TestUser> {
  const user = await createUser(s);
  await grant(s, user, 'funding', currency, amount);
  return user;
}

async function houseBalance(name: 'spot' | 'fees', currency: string): Promise<string> {
  const [row] = await s.db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(isNull(accounts.userId), eq(accounts.wallet, name), eq(accounts.currency, currency)));
  return row?.balance ?? '0';
}
const delta = async (name: 'spot' | 'fees', currency: string, before: string) =>
  dec(await houseBalance(name, currency))
    .minus(before)
    .toFixed();
const quotesOf = async (user: TestUser) =>
  (await s.db.select({ n: count() }).from(convertQuotes).where(eq(convertQuotes.userId, user.id)))[0]!.n;

describe('quotes', () => {
  it('buys BTC with USDT at the ask, and crosses two coins at bid / ask (ETH without a book: its mark)', async () => {
    const user = await holder('USDT', '1000');
    const buy = await quote(user, { from: 'USDT', to: 'BTC', amount: '600.1' });
    const price = dec(1).div('60010').toDecimalPlaces(18, 1).toFixed();
    expect(buy.price).toBe(price);
    const gross = dec('600.1').times(price).toDecimalPlaces(8, 1);
    const fee = gross.times('0.005').toDecimalPlaces(8, 0);
    expect(buy.fee).toBe(fee.toFixed());
    expect(buy.received).toBe(gross.minus(fee).toFixed());

    await grant(s, user, 'funding', 'BTC', '1');
    const cross = await quote(user, { from: 'BTC', to: 'ETH', amount: '0.1' });
    expect(cross.price).toBe('19.996666666666666666'); // 59990 / 3000, rounded down
  });

  it.each([
    [{ from: 'BTC', to: 'USDT', amount: '0.03' }, CONVERT_MSG.insufficient('BTC', '0.03', '0.02')],
    [{ from: 'USDT', to: 'BTC', amount: '0.00000001' }, CONVERT_MSG.tooSmall],
  ])('refuses %j with a clear 400 and makes no quote', async (body, message) => {
    const user = await holder('BTC', '0.02');
    await grant(s, user, 'funding', 'USDT', '1');
    const res = await refusal(quote(user, body));
    expect(res.status).toBe(400);
    expect(res.error).toBe(message);
    expect(await quotesOf(user)).toBe(0);
  });

  it('refuses a coin whose price is stale (503, as spot) and makes no quote', async () => {
    const user = await holder('BTC', '0.02');
    market.set('ETH', '3000', { stale: true });
    const res = await refusal(quote(user, { from: 'BTC', to: 'ETH', amount: '0.01' }));
    expect(res.status).toBe(503);
    expect(res.error).toBe(SPOT_MSG.priceUnavailable('ETH'));
    expect(await quotesOf(user)).toBe(0);
  });
});

describe('executing a quote', () => {
  it('moves exactly the quoted numbers, even when the market moved since; the house takes the other side', async () => {
    const user = await holder('BTC', '0.02');
    const before = {
      spotBtc: await houseBalance('spot', 'BTC'),
      spotUsdt: await houseBalance('spot', 'USDT'),
      fees: await houseBalance('fees', 'USDT'),
    };
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    market.setBook('BTC', { bids: ['50000'], asks: ['50010'] });
    s.clock.advance(CONVERT_QUOTE_TTL_MS - 2000); // still valid
    const res = await execute(user, q.quote_id);
    expect(res.message).toBe(CONVERT_MSG.converted);
    expect(res.convert).toMatchObject({ quote_id: q.quote_id, price: '59990', received: '596.9005' });
    expect(await funding(user, 'BTC')).toBe('0.01');
    expect(await funding(user, 'USDT')).toBe('596.9005');
    expect(await delta('spot', 'BTC', before.spotBtc)).toBe('0.01');
    expect(await delta('spot', 'USDT', before.spotUsdt)).toBe('-599.9');
    expect(await delta('fees', 'USDT', before.fees)).toBe('2.9995');
  });

  it('refuses an expired quote (409) and moves nothing', async () => {
    const user = await holder('BTC', '0.02');
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    s.clock.advance(CONVERT_QUOTE_TTL_MS);
    const res = await refusal(execute(user, q.quote_id));
    expect(res.status).toBe(409);
    expect(res.error).toBe(CONVERT_MSG.quoteExpired);
    expect(await funding(user, 'BTC')).toBe('0.02');
    expect(await funding(user, 'USDT')).toBe('0');
  });

  it('refuses a reused quote (409): it pays once', async () => {
    const user = await holder('BTC', '0.02');
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    expect((await execute(user, q.quote_id)).message).toBe(CONVERT_MSG.converted);
    const again = await refusal(execute(user, q.quote_id));
    expect(again.status).toBe(409);
    expect(again.error).toBe(CONVERT_MSG.quoteUsed);
    expect(await funding(user, 'BTC')).toBe('0.01');
    expect(await funding(user, 'USDT')).toBe('596.9005');
  });

  it('refuses a quote whose coins left the wallet since (400) and leaves it unused', async () => {
    const user = await holder('BTC', '0.02');
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.02' });
    const spend = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.015' });
    expect((await execute(user, spend.quote_id)).message).toBe(CONVERT_MSG.converted);
    const res = await refusal(execute(user, q.quote_id));
    expect(res.status).toBe(400);
    expect(res.error).toBe(CONVERT_MSG.insufficient('BTC', '0.02', '0.005'));
    expect(await funding(user, 'BTC')).toBe('0.005');
    const [row] = await s.db.select().from(convertQuotes).where(eq(convertQuotes.quoteId, q.quote_id));
    expect(row!.executedAt).toBeNull();
  });
});
