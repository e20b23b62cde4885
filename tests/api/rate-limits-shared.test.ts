/**
 * Rate limits are one budget across instances (docs/decisions/0037-shared-rate-limits.md):
 * two servers on one database, as behind a load balancer, count a client's login attempts together,
 * through PostgreSQL without REDIS_URL and through a real redis-server with it.
 */
import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounts } from '../../src/server/db/schema.js';
import { DATABASE_UNAVAILABLE } from '../../src/server/errors.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { uniqueEmail } from '../helpers/users.js';

type Instance = { app: TestApp['app'] };

const LIMIT = 3;
const TOO_MANY = { error: 'Too many requests. Please wait a moment and try again.', code: 'server.tooManyRequests' };

/** Failed logins from one address, alternating between the two servers: the statuses in order. */
async function loginsAcross(a: Instance, b: Instance, attempts: number) {
  const answers = [];
  for (let i = 0; i < attempts; i++) {
    const server = i % 2 === 0 ? a : b;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api-v1/login/',
      payload: { email: uniqueEmail(), password: 'wrong password' },
    });
    answers.push({ status: response.statusCode, body: response.json<unknown>() });
  }
  return answers;
}

function expectOneBudget(answers: Awaited<ReturnType<typeof loginsAcross>>) {
  // LIMIT failures in all, whichever server answered; every later attempt is the same 429 as before.
  expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429, 429, 429]);
  for (const refused of answers.slice(LIMIT)) expect(refused.body).toEqual(TOO_MANY);
}

describe('without Redis: counted in PostgreSQL', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof anotherInstance>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
    other = await anotherInstance(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('two instances share one login budget per client address', async () => {
    expectOneBudget(await loginsAcross(t, other, 6));
    const [rows] = await t.db.select({ n: count() }).from(rateLimitCounts);
    expect(rows!.n).toBe(1); // one window: this route and this address
  });
});

describe('with REDIS_URL: counted in Redis', () => {
  let redis: TestRedis;
  let t: TestApp;
  let other: Awaited<ReturnType<typeof anotherInstance>>;
  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: redis.url } });
    other = await anotherInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await redis?.stop();
  });

  it('two instances share one login budget per client address, and nothing is counted in PostgreSQL', async () => {
    expectOneBudget(await loginsAcross(t, other, 6));
    const [rows] = await t.db.select({ n: count() }).from(rateLimitCounts);
    expect(rows!.n).toBe(0);
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('coinfront-rl-*');
      expect(keys).toEqual(['coinfront-rl-POST/api-v1/login/-127.0.0.1']);
      expect(await client.get(keys[0]!)).toBe('6');
    } finally {
      client.disconnect();
    }
  });

  it('with Redis gone, a limited route answers 503 "briefly unavailable" (never unlimited, never a 500)', async () => {
    await redis.stop({ crash: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api-v1/login/',
      payload: { email: uniqueEmail(), password: 'wrong password' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ error: DATABASE_UNAVAILABLE.text, code: 'server.unavailable' });
  });
});
