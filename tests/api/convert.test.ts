/**
 * Convert's HTTP contract (docs/decisions/0053-convert.md): the quote and execute routes' fields and
 * status codes, the request checks, sign-in, a foreign quote, the races an attacker would run, and the
 * staff spread setting. Its pricing and execution rules are tested on the service in
 * tests/services/convert.test.ts (docs/architecture.md section 9 "Test layers"). The ledger check and
 * the books hold after each test.
 */
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { convertQuotes } from '../../src/server/modules/convert/schema.js';
import { readBooks } from '../../src/server/modules/ledger/index.js';
import {
  CONVERT_MSG,
  CONVERT_QUOTE_TTL_MS,
  DEFAULT_CONVERT_SPREAD_BPS,
  MAX_CONVERT_SPREAD_BPS,
  type ConvertDone,
  type ConvertQuote,
} from '../../src/shared/api/convert.js';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { balanceOf, expectLedgerBalanced, grant, staff } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]), { prices: { BTC: '60000', ETH: '3000' } });
beforeEach(() => {
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  market.setBook('ETH', null);
});
// The ledger check (convert entries included) and the house's books after every test.
afterEach(async () => {
  await expectLedgerBalanced(t);
  expect((await readBooks(t.db)).balanced).toBe(true);
});

type Body = Record<string, unknown>;
const quote = (user: TestUser, body: Body) =>
  call<ConvertQuote & { error?: string }>(t, 'POST', '/api-v1/convert/quote/', { token: user.token, body });
const execute = (user: TestUser, quoteId: string) =>
  call<ConvertDone & { error?: string }>(t, 'POST', '/api-v1/convert/', {
    token: user.token,
    body: { quote_id: quoteId },
  });
const funding = (user: TestUser, currency: string) => balanceOf(t, user, 'funding', currency);

async function holder(currency: string, amount: string): Promise<TestUser> {
  const user = await signUp(t);
  await grant(t, user, 'funding', currency, amount);
  return user;
}

const quotesOf = async (user: TestUser) =>
  (await t.db.select({ n: count() }).from(convertQuotes).where(eq(convertQuotes.userId, user.id)))[0]!.n;

async function setSpread(bps: unknown) {
  return call(t, 'PUT', '/api-v3/admin/settings/', {
    token: (await staff(t)).token,
    body: { convert_spread_bps: bps },
  });
}

/** 0.01 BTC sold at the bid: 0.01 x 59990 = 599.9; fee 599.9 x 0.005 = 2.9995; received 596.9005. */
const SOLD_BTC = {
  from: 'BTC',
  to: 'USDT',
  amount: '0.01',
  price: '59990',
  received: '596.9005',
  fee: '2.9995',
  fee_currency: 'USDT',
  spread_bps: DEFAULT_CONVERT_SPREAD_BPS,
};

describe('quotes', () => {
  it('sells BTC at the bid for USDT: price, received, a 0.5 % fee in USDT, a quote valid 10 s', async () => {
    const user = await holder('BTC', '0.02');
    const now = t.clock.now().getTime();
    const res = await quote(user, { from: 'btc', to: 'USDT', amount: '0.01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SOLD_BTC, valid_for: 10 });
    // The test clock runs on from where the test set it: 10 s from the moment the quote was made.
    expect(Date.parse(res.body.expires_at) - now).toBeGreaterThanOrEqual(CONVERT_QUOTE_TTL_MS);
    expect(Date.parse(res.body.expires_at) - now).toBeLessThan(CONVERT_QUOTE_TTL_MS + 5000);
    expect(res.body.quote_id).toMatch(/^[\w-]{20,}$/);
    // A quote moves nothing.
    expect(await funding(user, 'BTC')).toBe('0.02');
  });

  it.each([
    [{ from: 'BTC', to: 'BTC', amount: '0.01' }, CONVERT_MSG.sameCoin],
    [{ from: 'BTC', to: 'USDT', amount: '0' }, CONVERT_MSG.enterAmount],
    [{ from: 'BTC', to: 'USDT', amount: '-0.01' }, CONVERT_MSG.enterAmount],
    [{ from: 'BTC', to: 'USDT', amount: 'abc' }, CONVERT_MSG.enterAmount],
    [{ from: 'BTC', to: 'USDT', amount: '0.000000001' }, CONVERT_MSG.amountDecimals(8)],
    [{ from: 'XYZ', to: 'USDT', amount: '1' }, CONVERT_MSG.unknownCoin('XYZ')],
    [{ from: 'BTC', to: 'FDUSD', amount: '1' }, CONVERT_MSG.unknownCoin('FDUSD')],
    [{ from: 'BTC', amount: '1' }, CONVERT_MSG.chooseCoin],
  ])('refuses %j with a clear 400 and makes no quote', async (body, message) => {
    const user = await holder('BTC', '0.02');
    await grant(t, user, 'funding', 'USDT', '1');
    const res = await quote(user, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await quotesOf(user)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, 'POST', '/api-v1/convert/quote/', { body: { from: 'BTC', to: 'USDT', amount: '1' } });
    expect(res.status).toBe(401);
  });
});

describe('executing a quote', () => {
  it("answers 200 with the message and the executed quote's fields", async () => {
    const user = await holder('BTC', '0.02');
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    const res = await execute(user, q.body.quote_id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CONVERT_MSG.converted);
    expect(res.body.convert).toMatchObject({
      quote_id: q.body.quote_id,
      ...SOLD_BTC,
    });
    expect(Date.parse(res.body.convert.executed_at)).not.toBeNaN();
  });

  it("attack: another user executes someone's quote id: 404 as for an unknown one, nothing moves", async () => {
    const owner = await holder('BTC', '0.02');
    const attacker = await holder('BTC', '0.02');
    const q = await quote(owner, { from: 'BTC', to: 'USDT', amount: '0.01' });
    for (const id of [q.body.quote_id, 'no-such-quote']) {
      const res = await execute(attacker, id);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(CONVERT_MSG.quoteNotFound);
    }
    expect(await funding(owner, 'BTC')).toBe('0.02');
    expect(await funding(attacker, 'BTC')).toBe('0.02');
    expect(await funding(attacker, 'USDT')).toBe('0');
    // The owner's quote is still theirs to use.
    expect((await execute(owner, q.body.quote_id)).status).toBe(200);
  });
});

describe('races', () => {
  it('attack: the same quote executed many times at once pays once', async () => {
    const user = await holder('BTC', '0.05');
    const q = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    const results = await Promise.all(Array.from({ length: 6 }, () => execute(user, q.body.quote_id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await funding(user, 'BTC')).toBe('0.04');
    expect(await funding(user, 'USDT')).toBe('596.9005');
  });

  it('attack: two quotes for the whole balance executed at once cannot overspend', async () => {
    const user = await holder('BTC', '0.02');
    const a = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.02' });
    const b = await quote(user, { from: 'BTC', to: 'ETH', amount: '0.02' });
    const results = await Promise.all([execute(user, a.body.quote_id), execute(user, b.body.quote_id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await funding(user, 'BTC')).toBe('0');
    const usdt = await funding(user, 'USDT');
    const eth = await funding(user, 'ETH');
    expect([usdt === '0', eth === '0'].filter(Boolean)).toHaveLength(1);
  });
});

describe('the spread, set by staff', () => {
  it('prices the next quotes, is audited, and keeps quotes already made at theirs', async () => {
    const user = await holder('BTC', '0.02');
    const old = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    const saved = await setSpread(100);
    expect(saved.status).toBe(200);
    expect(saved.body.settings.convert_spread).toMatchObject({ bps: 100 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.convert_spread'));
    expect(audit).toMatchObject({ before: { bps: DEFAULT_CONVERT_SPREAD_BPS }, after: { bps: 100 } });
    const next = await quote(user, { from: 'BTC', to: 'USDT', amount: '0.01' });
    expect(next.body).toMatchObject({ spread_bps: 100, fee: '5.999', received: '593.901' });
    const done = await execute(user, old.body.quote_id);
    expect(done.body.convert).toMatchObject({ spread_bps: DEFAULT_CONVERT_SPREAD_BPS, received: '596.9005' });
    await setSpread(DEFAULT_CONVERT_SPREAD_BPS);
  });

  it.each([-1, MAX_CONVERT_SPREAD_BPS + 1, 1.5, '50'])('refuses a spread of %j with a 400', async (bps) => {
    const res = await setSpread(bps);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(CONVERT_MSG.spreadRange(MAX_CONVERT_SPREAD_BPS));
  });

  it('is staff-only', async () => {
    const user = await signUp(t);
    const res = await call(t, 'PUT', '/api-v3/admin/settings/', { token: user.token, body: { convert_spread_bps: 0 } });
    expect(res.status).toBe(403);
  });
});
