/**
 * Price alerts (docs/decisions/0055-alerts-statements.md): set, listed, edited and deleted by their
 * owner only (another user's is a 404), at most 50 (the 51st refused, also when sent at once), fired
 * once when the served price crosses (pushed as a notification and mailed once, in the user's language),
 * and once only across two instances that both see the crossing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../src/server/db/schema.js';
import { priceAlerts } from '../../src/server/modules/price-alerts/schema.js';
import { priceAlertWatchers } from '../../src/server/modules/price-alerts/index.js';
import { TickerSnapshot } from '../../src/server/modules/market/snapshot.js';
import type { MarketService } from '../../src/server/modules/market/types.js';
import { PRICE_ALERTS_MSG, type PriceAlertList } from '../../src/shared/api/price-alerts.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { createUser } from '../helpers/services.js';
import { call, type TestUser } from '../helpers/users.js';

let market: FakeMarket;
/** The 24 h change the move alerts read, per symbol (the fake market's tickers are flat). */
const changes = new Map<string, string>();
let t: TestApp;
let b: Awaited<ReturnType<typeof anotherInstance>>;
let onB: TestApp;

/** The fake market with the 24 h changes of `changes` in its tickers. */
function withChanges(fake: FakeMarket): MarketService {
  const exchange = {
    ...fake.exchange,
    snapshot: () => {
      const base = fake.exchange.snapshot();
      return new TickerSnapshot(
        base.time,
        base.tickers.map((ticker) => ({ ...ticker, priceChangePercent: changes.get(ticker.symbol) ?? '0.000' })),
      );
    },
  };
  return { ...fake, exchange };
}

beforeAll(async () => {
  market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', SOL: '150', USDO: '1' });
  const served = withChanges(market);
  t = await createTestApp({ market: served });
  b = await anotherInstance(t, { market: served });
  onB = { ...t, app: b.app, ctx: b.ctx };
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const create = (app: TestApp, user: TestUser, body: unknown) =>
  call(app, 'POST', '/api-v1/price-alerts/', { token: user.token, body });
const list = (user: TestUser) => call<PriceAlertList>(t, 'GET', '/api-v1/price-alerts/', { token: user.token });
const notesOf = (user: TestUser) =>
  t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
const mailsTo = (user: TestUser) =>
  t.mailbox.messages.filter((m) => m.to === user.email && m.subject.includes('/USDT'));
/** Every instance's claims finished. */
const settled = () => Promise.all([priceAlertWatchers.get(t.ctx)!.settled(), priceAlertWatchers.get(b.ctx)!.settled()]);
/** Both instances hold `n` waiting alerts more than `before` (B learns of A's by the NOTIFY). */
const bothHold = async (n: number) =>
  vi.waitFor(
    () => {
      expect(priceAlertWatchers.get(t.ctx)!.waiting()).toBe(n);
      expect(priceAlertWatchers.get(b.ctx)!.waiting()).toBe(n);
    },
    { timeout: 5_000 },
  );
afterEach(async () => {
  await t.db.delete(priceAlerts);
  await bothHold(0);
  changes.clear();
  for (const [coin, price] of Object.entries({ BTC: '60000', ETH: '3000', SOL: '150' })) market.set(coin, price);
});

describe('setting, listing, editing and deleting', () => {
  it('sets an above, a below and a move alert, lists them newest first, edits and deletes one', async () => {
    const user = await createUser(t);
    const above = await create(t, user, { symbol: 'btcusdt', condition: 'above', value: '75000' });
    expect(above.status).toBe(201);
    expect(above.body).toEqual({
      message: PRICE_ALERTS_MSG.created,
      alert: {
        id: expect.any(Number),
        symbol: 'BTCUSDT',
        condition: 'above',
        value: '75000',
        created_at: expect.any(String),
        fired_at: null,
        fired_price: null,
      },
    });
    expect((await create(t, user, { symbol: 'ETHUSDT', condition: 'below', value: 2500.5 })).status).toBe(201);
    expect((await create(t, user, { symbol: 'BTCUSDT', condition: 'move', value: '5' })).status).toBe(201);
    const listed = (await list(user)).body;
    expect(listed.max).toBe(50);
    expect(listed.results.map((a) => [a.symbol, a.condition, a.value])).toEqual([
      ['BTCUSDT', 'move', '5'],
      ['ETHUSDT', 'below', '2500.5'],
      ['BTCUSDT', 'above', '75000'],
    ]);

    const id = above.body.alert.id as number;
    const edited = await call(t, 'PATCH', `/api-v1/price-alerts/${id}/`, {
      token: user.token,
      body: { condition: 'below', value: '55000' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      message: PRICE_ALERTS_MSG.saved,
      alert: { condition: 'below', value: '55000' },
    });
    const deleted = await call(t, 'DELETE', `/api-v1/price-alerts/${id}/`, { token: user.token });
    expect(deleted.body).toEqual({ message: PRICE_ALERTS_MSG.deleted });
    expect((await list(user)).body.results).toHaveLength(2);
  });

  it.each([
    [{ symbol: 'NOPEUSDT', condition: 'above', value: '1' }, PRICE_ALERTS_MSG.invalidSymbol],
    [{ symbol: 'BTC/USDT;drop', condition: 'above', value: '1' }, PRICE_ALERTS_MSG.invalidSymbol],
    [{ symbol: 'BTCUSDT', condition: 'sideways', value: '1' }, PRICE_ALERTS_MSG.invalidCondition],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '0' }, PRICE_ALERTS_MSG.invalidPrice],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '-70000' }, PRICE_ALERTS_MSG.invalidPrice],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '1e9' }, PRICE_ALERTS_MSG.invalidPrice],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '70000.123456789' }, PRICE_ALERTS_MSG.invalidPrice],
    [{ symbol: 'BTCUSDT', condition: 'move', value: '0.05' }, PRICE_ALERTS_MSG.invalidPercent],
    [{ symbol: 'BTCUSDT', condition: 'move', value: '101' }, PRICE_ALERTS_MSG.invalidPercent],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '60000' }, PRICE_ALERTS_MSG.alreadyAbove],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '50000' }, PRICE_ALERTS_MSG.alreadyAbove],
    [{ symbol: 'BTCUSDT', condition: 'below', value: '65000' }, PRICE_ALERTS_MSG.alreadyBelow],
  ])('refuses %j with a clear message and keeps nothing', async (body, message) => {
    const user = await createUser(t);
    const answer = await create(t, user, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect((await list(user)).body.results).toEqual([]);
  });

  it('refuses the 51st alert, also 60 sent at once, and takes one again after a delete', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        create(t, user, { symbol: 'BTCUSDT', condition: 'above', value: String(70000 + i) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(10);
    for (const answer of refused) expect(answer.body).toMatchObject({ error: PRICE_ALERTS_MSG.tooMany });
    expect((await list(user)).body.results).toHaveLength(50);
    const one = answers.find((a) => a.status === 201)!.body.alert.id as number;
    expect((await call(t, 'DELETE', `/api-v1/price-alerts/${one}/`, { token: user.token })).status).toBe(200);
    expect((await create(t, user, { symbol: 'BTCUSDT', condition: 'above', value: '99000' })).status).toBe(201);
  });

  it("answers another user's alert as not found: never listed, edited or deleted", async () => {
    const owner = await createUser(t);
    const attacker = await createUser(t);
    const id = (await create(t, owner, { symbol: 'BTCUSDT', condition: 'above', value: '75000' })).body.alert
      .id as number;
    expect((await list(attacker)).body.results).toEqual([]);
    const patched = await call(t, 'PATCH', `/api-v1/price-alerts/${id}/`, {
      token: attacker.token,
      body: { condition: 'above', value: '61000' },
    });
    expect(patched).toMatchObject({ status: 404, body: { error: PRICE_ALERTS_MSG.notFound } });
    const deleted = await call(t, 'DELETE', `/api-v1/price-alerts/${id}/`, { token: attacker.token });
    expect(deleted).toMatchObject({ status: 404, body: { error: PRICE_ALERTS_MSG.notFound } });
    expect((await list(owner)).body.results).toMatchObject([{ id, condition: 'above', value: '75000' }]);
    expect((await call(t, 'GET', '/api-v1/price-alerts/')).status).toBe(401);
  });
});

describe('firing', () => {
  it('fires an above alert once when the served price crosses: one notification, one mail, in the user language', async () => {
    market.set('BTC', '60000');
    const user = await createUser(t);
    expect(
      (await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } })).status,
    ).toBe(200);
    const bystander = await createUser(t);
    await create(t, user, { symbol: 'BTCUSDT', condition: 'above', value: '75000' });
    await create(t, bystander, { symbol: 'ETHUSDT', condition: 'above', value: '4000' });
    await bothHold(2);

    market.set('BTC', '74999.99');
    await settled();
    expect(await notesOf(user)).toEqual([]);

    market.set('BTC', '75010.5');
    await settled();
    market.set('BTC', '76000'); // still past it: no second firing
    market.set('BTC', '74000');
    market.set('BTC', '75500');
    await settled();

    const notes = await notesOf(user);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'price_alert',
      title: 'Price alert: BTC/USDT',
      body: 'BTC/USDT rose to 75000 USDT or above: it is at 75010.5 USDT now.',
      params: { symbol: 'BTCUSDT', pair: 'BTC/USDT', condition: 'above', value: '75000', price: '75010.5' },
    });
    await vi.waitFor(() => expect(mailsTo(user)).toHaveLength(1));
    expect(mailsTo(user)[0]!.subject).toBe('Coinfront: Preisalarm: BTC/USDT');
    expect((await list(user)).body.results).toMatchObject([{ fired_price: '75010.5', fired_at: expect.any(String) }]);
    expect(await notesOf(bystander)).toEqual([]);
  });

  it('fires a below alert, and an edited alert waits again for its new crossing', async () => {
    const user = await createUser(t);
    const id = (await create(t, user, { symbol: 'ETHUSDT', condition: 'below', value: '2900' })).body.alert
      .id as number;
    await bothHold(1);
    market.set('ETH', '2899');
    await settled();
    expect((await notesOf(user)).map((n) => n.body)).toEqual([
      'ETH/USDT fell to 2900 USDT or below: it is at 2899 USDT now.',
    ]);
    const edited = await call(t, 'PATCH', `/api-v1/price-alerts/${id}/`, {
      token: user.token,
      body: { condition: 'above', value: '3100' },
    });
    expect(edited.body.alert).toMatchObject({ fired_at: null, fired_price: null });
    await bothHold(1);
    market.set('ETH', '3100');
    await settled();
    expect(await notesOf(user)).toHaveLength(2);
  });

  it('fires a move alert when the 24 h change reaches its percentage, not while it was past it already', async () => {
    const user = await createUser(t);
    changes.set('SOLUSDT', '-7.500');
    await create(t, user, { symbol: 'SOLUSDT', condition: 'move', value: '5' });
    await bothHold(1);
    market.set('SOL', '149'); // -7.5 %: past it since before the alert, not a crossing
    await settled();
    expect(await notesOf(user)).toEqual([]);
    changes.set('SOLUSDT', '2.100');
    market.set('SOL', '151');
    changes.set('SOLUSDT', '5.250');
    market.set('SOL', '158');
    await settled();
    expect((await notesOf(user)).map((n) => n.body)).toEqual([
      'SOL/USDT moved 5.25% in 24 hours, past your 5%: it is at 158 USDT now.',
    ]);
  });

  it('a deleted alert never fires', async () => {
    const user = await createUser(t);
    const id = (await create(t, user, { symbol: 'BTCUSDT', condition: 'above', value: '61000' })).body.alert
      .id as number;
    await bothHold(1);
    await call(onB, 'DELETE', `/api-v1/price-alerts/${id}/`, { token: user.token });
    await bothHold(0);
    market.set('BTC', '62000');
    await settled();
    expect(await notesOf(user)).toEqual([]);
  });

  it('fires once across two instances that both see the crossing, for many alerts at once', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const [i, user] of users.entries()) {
      // Set through both instances: each learns of the other's by the NOTIFY.
      for (let k = 0; k < 4; k++)
        await create(i % 2 ? onB : t, user, { symbol: 'BTCUSDT', condition: 'above', value: String(60001 + k) });
    }
    await bothHold(20);
    const before = t.mailbox.messages.length;
    market.set('BTC', '60010');
    await settled();
    for (const user of users) expect(await notesOf(user)).toHaveLength(4);
    await vi.waitFor(() => expect(t.mailbox.messages.length - before).toBe(20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mailbox.messages.length - before).toBe(20);
    const fired = await t.db.select().from(priceAlerts);
    expect(fired.every((a) => a.firedAt !== null && a.firedPrice === '60010')).toBe(true);
  });
});

describe('the cost of a tick', () => {
  it('looks at 5,000 waiting alerts without a query when none crossed, in a few comparisons per symbol', async () => {
    const user = await createUser(t);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      userId: user.id,
      symbol: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'][i % 3]!,
      condition: i % 2 ? ('above' as const) : ('below' as const),
      value: i % 2 ? String(1_000_000 + i) : String(1 + i / 10_000),
    }));
    await t.db.insert(priceAlerts).values(rows);
    await bothHold(5_000);
    const select = vi.spyOn(t.ctx.db, 'select');
    const transaction = vi.spyOn(t.ctx.db, 'transaction');
    const ticks = 200;
    // Warm: the first tick after a change orders the symbol's alerts once.
    market.set('BTC', '60000.25');
    const started = process.hrtime.bigint();
    for (let i = 0; i < ticks; i++) market.set('BTC', String(60_000 + (i % 2) + 0.5));
    const perTickMs = Number(process.hrtime.bigint() - started) / 1e6 / ticks;
    await settled();
    expect(select).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
    select.mockRestore();
    transaction.mockRestore();
    // Two instances tick in this process, each over its ~1,667 BTC alerts (and the fake market's own work).
    console.info(
      `price alerts: ${perTickMs.toFixed(3)} ms per BTC tick with 5,000 alerts waiting (both instances, market listeners included)`,
    );
    expect(perTickMs).toBeLessThan(5);
  });
});
