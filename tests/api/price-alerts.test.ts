/**
 * Price alerts' HTTP contract (docs/decisions/0055-alerts-statements.md): each route's path, fields and
 * status codes, the request checks (each keeps nothing), sign-in, and the attacks: another user's alert
 * (a 404: never listed, edited or deleted), 60 alerts sent at once. Setting, the cap, editing and
 * firing (once, across two instances) are tested on the service and the watcher in
 * tests/services/price-alerts.test.ts (docs/architecture.md section 9 "Test layers").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceAlerts } from '../../src/server/modules/price-alerts/schema.js';
import { PRICE_ALERTS_MSG, type PriceAlertList } from '../../src/shared/api/price-alerts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { createUser, call, type TestUser } from '../helpers/users.js';
import { ABOVE_BODY, ABOVE_CREATED } from '../helpers/price-alerts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    market: createFakeMarket({ USDT: '1', BTC: '60000', ETH: '3000', SOL: '150', USDO: '1' }),
  });
});
afterAll(() => t.close());
afterEach(() => t.db.delete(priceAlerts));

const create = (user: TestUser, body: unknown) => call(t, 'POST', '/api-v1/price-alerts/', { token: user.token, body });
const list = (user: TestUser) => call<PriceAlertList>(t, 'GET', '/api-v1/price-alerts/', { token: user.token });

describe('the routes', () => {
  it('POST answers 201 with the alert, GET lists it, PATCH answers 200, DELETE answers its message', async () => {
    const user = await createUser(t);
    const above = await create(user, ABOVE_BODY);
    expect(above.status).toBe(201);
    expect(above.body).toEqual(ABOVE_CREATED);
    const listed = await list(user);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ max: 50, results: [above.body.alert] });

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
    expect(deleted).toMatchObject({ status: 200, body: { message: PRICE_ALERTS_MSG.deleted } });
    expect((await list(user)).body.results).toHaveLength(0);
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
  ])('refuses %j with a 400 and a clear message and keeps nothing', async (body, message) => {
    const user = await createUser(t);
    const answer = await create(user, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect((await list(user)).body.results).toEqual([]);
  });

  it('attack: 60 alerts sent at once make 50, the rest answered 400 (docs/security.md "Price alerts and statements")', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        create(user, { symbol: 'BTCUSDT', condition: 'above', value: String(70000 + i) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(10);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 400, body: { error: PRICE_ALERTS_MSG.tooMany } });
    expect((await list(user)).body.results).toHaveLength(50);
  });

  it("attack: another user's alert answers as not found: never listed, edited or deleted; no token is 401", async () => {
    const owner = await createUser(t);
    const attacker = await createUser(t);
    const id = (await create(owner, { symbol: 'BTCUSDT', condition: 'above', value: '75000' })).body.alert.id as number;
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
