/**
 * Price alerts' rules on the service layer (docs/decisions/0055-alerts-statements.md; docs/architecture.md
 * section 9 "Test layers"): set, listed newest first, edited (armed again) and deleted; a pair we quote,
 * and never one the price already reached; at most 50 (the 51st refused, also when sent at once); fired
 * once when the served price crosses (a notification and one mail, in the user's language), and once
 * only across two instances that both see the crossing; a tick with 5,000 waiting alerts reads no
 * database. The routes' contract (fields, status codes, request checks, access, another user's alert)
 * is in tests/api/price-alerts.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, users } from '../../src/server/db/schema.js';
import type { AppContext } from '../../src/server/context.js';
import { TickerSnapshot } from '../../src/server/modules/market/snapshot.js';
import type { MarketService } from '../../src/server/modules/market/types.js';
import { priceAlerts } from '../../src/server/modules/price-alerts/schema.js';
import { createPriceAlertsService } from '../../src/server/modules/price-alerts/service.js';
import { watchPriceAlerts, type PriceAlertWatcher } from '../../src/server/modules/price-alerts/watch.js';
import { PRICE_ALERTS_MSG, priceAlertBody, priceAlertPatchBody } from '../../src/shared/api/price-alerts.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { anotherContext, createTestServices, refusal, type TestServices } from '../helpers/services.js';
import { createUser } from '../helpers/users.js';
import type { TestUser } from '../helpers/users.js';
import { ABOVE_BODY, ABOVE_CREATED } from '../helpers/price-alerts.js';

let market: FakeMarket;
/** The 24 h change the move alerts read, per symbol (the fake market's tickers are flat). */
const changes = new Map<string, string>();
let s: TestServices;
let b: Awaited<ReturnType<typeof anotherContext>>;

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

/** An instance's watcher and service, as the module wires them (price-alerts/routes.ts). */
function instance(ctx: AppContext) {
  const watcher = watchPriceAlerts(ctx);
  return { watcher, service: createPriceAlertsService(ctx, watcher) };
}
let onA: { watcher: PriceAlertWatcher; service: ReturnType<typeof createPriceAlertsService> };
let onB: typeof onA;

beforeAll(async () => {
  market = createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', SOL: '150', USDO: '1' });
  const served = withChanges(market);
  s = await createTestServices({ market: served });
  b = await anotherContext(s, { market: served });
  onA = instance(s.ctx);
  onB = instance(b.ctx);
  // As the app on ready (app.ts): the feed listens once the watchers are set.
  s.ctx.changes.start();
  b.ctx.changes.start();
});
afterAll(async () => {
  for (const one of [onA, onB]) {
    one?.watcher.stop();
    await one?.watcher.settled();
  }
  await b?.close();
  await s?.ctx.changes.stop();
  await s?.close();
});

/** The request as the route hands it on: parsed by the route's own schema. */
const create = (user: TestUser, body: Record<string, unknown>, on = onA) =>
  on.service.create(user.id, priceAlertBody.parse(body));
const edit = (user: TestUser, id: number, body: Record<string, unknown>) =>
  onA.service.update(user.id, id, priceAlertPatchBody.parse(body));
const list = (user: TestUser) => onA.service.list(user.id);
const notesOf = (user: TestUser) =>
  s.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(notifications.id);
const mailsTo = (user: TestUser) =>
  s.mailbox.messages.filter((m) => m.to === user.email && m.subject.includes('/USDT'));
/** Every instance's claims finished. */
const settled = () => Promise.all([onA.watcher.settled(), onB.watcher.settled()]);
/** Both instances hold `n` waiting alerts (B learns of A's by the NOTIFY). */
const bothHold = async (n: number) =>
  vi.waitFor(
    () => {
      expect(onA.watcher.waiting()).toBe(n);
      expect(onB.watcher.waiting()).toBe(n);
    },
    { timeout: 5_000 },
  );
afterEach(async () => {
  await s.db.delete(priceAlerts);
  await bothHold(0);
  changes.clear();
  for (const [coin, price] of Object.entries({ BTC: '60000', ETH: '3000', SOL: '150' })) market.set(coin, price);
});

describe('setting, listing, editing and deleting', () => {
  it('sets an above, a below and a move alert, lists them newest first, edits and deletes one', async () => {
    const user = await createUser(s);
    const above = await create(user, ABOVE_BODY);
    expect(above).toEqual(ABOVE_CREATED);
    await create(user, { symbol: 'ETHUSDT', condition: 'below', value: 2500.5 });
    await create(user, { symbol: 'BTCUSDT', condition: 'move', value: '5' });
    const listed = await list(user);
    expect(listed.max).toBe(50);
    expect(listed.results.map((a) => [a.symbol, a.condition, a.value])).toEqual([
      ['BTCUSDT', 'move', '5'],
      ['ETHUSDT', 'below', '2500.5'],
      ['BTCUSDT', 'above', '75000'],
    ]);

    const id = above.alert.id;
    expect(await edit(user, id, { condition: 'below', value: '55000' })).toMatchObject({
      message: PRICE_ALERTS_MSG.saved,
      alert: { condition: 'below', value: '55000' },
    });
    expect(await onA.service.remove(user.id, id)).toEqual({ message: PRICE_ALERTS_MSG.deleted });
    expect((await list(user)).results).toHaveLength(2);
  });

  // The service's own refusals; the request checks (symbol form, condition, value) are the route
  // schema's, tested through HTTP in tests/api/price-alerts.test.ts.
  it.each([
    [{ symbol: 'NOPEUSDT', condition: 'above', value: '1' }, PRICE_ALERTS_MSG.invalidSymbol],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '60000' }, PRICE_ALERTS_MSG.alreadyAbove],
    [{ symbol: 'BTCUSDT', condition: 'above', value: '50000' }, PRICE_ALERTS_MSG.alreadyAbove],
    [{ symbol: 'BTCUSDT', condition: 'below', value: '65000' }, PRICE_ALERTS_MSG.alreadyBelow],
  ])('refuses %j with a clear message and keeps nothing', async (body, message) => {
    const user = await createUser(s);
    const answer = await refusal(create(user, body));
    expect(answer.status).toBe(400);
    expect(answer.error).toBe(message);
    expect((await list(user)).results).toEqual([]);
  });

  it('refuses the 51st alert, also 60 sent at once, and takes one again after a delete', async () => {
    const user = await createUser(s);
    const answers = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        create(user, { symbol: 'BTCUSDT', condition: 'above', value: String(70000 + i) }),
      ),
    );
    const made = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    expect(made).toHaveLength(50);
    const refused = await Promise.all(
      answers.flatMap((a) => (a.status === 'rejected' ? [refusal(Promise.reject(a.reason))] : [])),
    );
    expect(refused).toHaveLength(10);
    for (const answer of refused) expect(answer).toMatchObject({ status: 400, error: PRICE_ALERTS_MSG.tooMany });
    expect((await list(user)).results).toHaveLength(50);
    await onA.service.remove(user.id, made[0]!.alert.id);
    expect((await create(user, { symbol: 'BTCUSDT', condition: 'above', value: '99000' })).alert.value).toBe('99000');
  });
});

describe('firing', () => {
  it('fires an above alert once when the served price crosses: one notification, one mail, in the user language', async () => {
    market.set('BTC', '60000');
    const user = await createUser(s);
    // The language as POST /api-v1/user/language/ stores it (tested through HTTP in the settings tests).
    await s.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const bystander = await createUser(s);
    await create(user, { symbol: 'BTCUSDT', condition: 'above', value: '75000' });
    await create(bystander, { symbol: 'ETHUSDT', condition: 'above', value: '4000' });
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
    expect((await list(user)).results).toMatchObject([{ fired_price: '75010.5', fired_at: expect.any(String) }]);
    expect(await notesOf(bystander)).toEqual([]);
  });

  it('fires a below alert, and an edited alert waits again for its new crossing', async () => {
    const user = await createUser(s);
    const id = (await create(user, { symbol: 'ETHUSDT', condition: 'below', value: '2900' })).alert.id;
    await bothHold(1);
    market.set('ETH', '2899');
    await settled();
    expect((await notesOf(user)).map((n) => n.body)).toEqual([
      'ETH/USDT fell to 2900 USDT or below: it is at 2899 USDT now.',
    ]);
    const edited = await edit(user, id, { condition: 'above', value: '3100' });
    expect(edited.alert).toMatchObject({ fired_at: null, fired_price: null });
    await bothHold(1);
    market.set('ETH', '3100');
    await settled();
    expect(await notesOf(user)).toHaveLength(2);
  });

  it('fires a move alert when the 24 h change reaches its percentage, not while it was past it already', async () => {
    const user = await createUser(s);
    changes.set('SOLUSDT', '-7.500');
    await create(user, { symbol: 'SOLUSDT', condition: 'move', value: '5' });
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
    const user = await createUser(s);
    const id = (await create(user, { symbol: 'BTCUSDT', condition: 'above', value: '61000' })).alert.id;
    await bothHold(1);
    await onB.service.remove(user.id, id);
    await bothHold(0);
    market.set('BTC', '62000');
    await settled();
    expect(await notesOf(user)).toEqual([]);
  });

  it('fires once across two instances that both see the crossing, for many alerts at once', async () => {
    const many = await Promise.all(Array.from({ length: 5 }, () => createUser(s)));
    for (const [i, user] of many.entries()) {
      // Set through both instances: each learns of the other's by the NOTIFY.
      for (let k = 0; k < 4; k++)
        await create(user, { symbol: 'BTCUSDT', condition: 'above', value: String(60001 + k) }, i % 2 ? onB : onA);
    }
    await bothHold(20);
    const before = s.mailbox.messages.length;
    market.set('BTC', '60010');
    await settled();
    for (const user of many) expect(await notesOf(user)).toHaveLength(4);
    await vi.waitFor(() => expect(s.mailbox.messages.length - before).toBe(20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.mailbox.messages.length - before).toBe(20);
    const fired = await s.db.select().from(priceAlerts);
    expect(fired.every((a) => a.firedAt !== null && a.firedPrice === '60010')).toBe(true);
  });
});

describe('the cost of a tick', () => {
  it('looks at 5,000 waiting alerts without a query when none crossed, in a few comparisons per symbol', async () => {
    const user = await createUser(s);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      userId: user.id,
      symbol: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'][i % 3]!,
      condition: i % 2 ? ('above' as const) : ('below' as const),
      value: i % 2 ? String(1_000_000 + i) : String(1 + i / 10_000),
    }));
    await s.db.insert(priceAlerts).values(rows);
    await bothHold(5_000);
    const select = vi.spyOn(s.ctx.db, 'select');
    const transaction = vi.spyOn(s.ctx.db, 'transaction');
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
