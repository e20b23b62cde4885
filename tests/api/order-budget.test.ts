/**
 * One budget of new orders per user across every door (docs/decisions/0050): a trader who spreads a
 * flood over lever orders, spot orders and the private API's POST /api/v3/order, on two instances
 * behind one balancer, gets TRADE_RATE_LIMIT (60) a minute in all, not 60 per route and instance. The
 * web answers its usual 429; the private API the exchange's 429 with -1015. Another user is served.
 * Counted in PostgreSQL, and in Redis with REDIS_URL (docs/decisions/0037).
 */
import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../src/shared/api/api-keys.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { grant } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

const TOO_MANY = { error: 'Too many requests. Please wait a moment and try again.', code: 'server.tooManyRequests' };

let t: TestApp;
let other: Awaited<ReturnType<typeof anotherInstance>>;
beforeAll(async () => {
  const market = createFakeMarket();
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  // The production default (TRADE_RATE_LIMIT unset), not the test apps' 1000.
  t = await createTestApp({ market, env: { TRADE_RATE_LIMIT: undefined } });
  other = await anotherInstance(t, { market });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Trader {
  user: TestUser;
  apiKey: string;
  secret: string;
}

async function trader(at: TestApp = t): Promise<Trader> {
  const user = await signUp(at);
  await grant(at, user, 'funding', 'USDT', '10000');
  await grant(at, user, 'lever', 'USDT', '10000');
  await call(at, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  const res = await call<ApiKeyCreated>(at, 'POST', '/api-v1/api-keys/', {
    token: user.token,
    body: { label: 'bot', permissions: ['read', 'spot'], code: at.mailbox.lastCode(user.email) },
  });
  expect(res.status).toBe(201);
  return { user, apiKey: res.body.api_key, secret: res.body.secret };
}

type Door = 'lever' | 'spot' | 'api';
/** One order through `door` on instance `on`: real small orders, and a refused one now and then. */
async function order(on: { app: TestApp['app'] }, who: Trader, door: Door, i: number) {
  const at = { app: on.app } as TestApp;
  if (door === 'lever') {
    // Every third lever order is refused for its size: refusals count as well (docs/decisions/0020).
    const hands = i % 3 === 0 ? '-1' : '0.0001';
    return call(at, 'POST', '/api-v1/trade-creation/', {
      token: who.user.token,
      body: { trade_type: 'buy', starting_price: '60000', coin: 'BTC', hands, limit_price: '30000' },
    });
  }
  if (door === 'spot') {
    return call(at, 'POST', '/api-v1/spot-orders/', {
      token: who.user.token,
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.0002', price: '30000' },
    });
  }
  const params = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.0002' };
  const query = new URLSearchParams({ ...params, price: '30000', timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', who.secret).update(query).digest('hex');
  return call(at, 'POST', `/api/v3/order?${query}&signature=${signature}`, { headers: { 'x-mbx-apikey': who.apiKey } });
}

describe('one order budget per user across the web and the private API', () => {
  it('refuses the 61st order of a minute whichever door and instance it comes through; another user is served', async () => {
    const flooder = await trader();
    const bystander = await trader();
    const doors: Door[] = ['lever', 'spot', 'api'];
    for (let i = 0; i < 60; i++) {
      const res = await order(i % 2 === 0 ? t : other, flooder, doors[i % 3]!, i);
      expect(res.status, `order ${i + 1}`).not.toBe(429);
    }
    // The 61st, 62nd and 63rd, one through each door: each refused, nothing placed.
    const lever = await order(t, flooder, 'lever', 1);
    expect(lever.status).toBe(429);
    expect(lever.body).toEqual(TOO_MANY);
    const spot = await order(other, flooder, 'spot', 2);
    expect(spot.status).toBe(429);
    expect(spot.body).toEqual(TOO_MANY);
    const api = await order(t, flooder, 'api', 3);
    expect(api.status).toBe(429);
    expect(api.body).toEqual({ code: -1015, msg: 'Too many new orders; current limit is 60 orders per 1 MINUTE.' });
    expect(api.headers['retry-after']).toBeUndefined(); // the exchange sends none on -1015

    for (const door of doors) expect((await order(t, bystander, door, 1)).status).not.toBe(429);
  });

  it('a minute later the budget is whole again', async () => {
    const flooder = await trader();
    for (let i = 0; i < 61; i++) await order(t, flooder, 'spot', i);
    expect((await order(t, flooder, 'api', 0)).status).toBe(429);
    // Windows are timed by the database's clock (docs/decisions/0037): age this user's window.
    await t.db.$client.query(
      `update rate_limit_counts set expires_at = now() - interval '1 second' where key like '%orders:user:${flooder.user.id}'`,
    );
    expect((await order(t, flooder, 'api', 0)).status).toBe(200);
  });
});

describe('with REDIS_URL: the same one budget, counted in Redis', () => {
  let redis: TestRedis;
  let r: TestApp;
  let second: Awaited<ReturnType<typeof anotherInstance>>;
  beforeAll(async () => {
    redis = await startRedis();
    const market = createFakeMarket();
    r = await createTestApp({ market, env: { TRADE_RATE_LIMIT: undefined, REDIS_URL: redis.url } });
    second = await anotherInstance(r, { market });
  });
  afterAll(async () => {
    await second?.close();
    await r?.close();
    await redis?.stop();
  });

  it('refuses the 61st order across the web and the private API on two instances', async () => {
    const flooder = await trader(r);
    for (let i = 0; i < 60; i++) {
      const res = await order(i % 2 === 0 ? r : second, flooder, i % 2 === 0 ? 'spot' : 'api', i);
      expect(res.status, `order ${i + 1}`).not.toBe(429);
    }
    expect((await order(second, flooder, 'lever', 1)).status).toBe(429);
    expect((await order(r, flooder, 'api', 1)).body).toMatchObject({ code: -1015 });
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys(`coinfront-rl-*orders:user:${flooder.user.id}`);
      expect(keys).toHaveLength(1);
      expect(await client.get(keys[0]!)).toBe('62');
    } finally {
      client.disconnect();
    }
  });
});
