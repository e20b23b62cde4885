/**
 * Behaviour at the server's edges (docs/architecture.md section 3): an unexpected failure answers a
 * generic 500 and is logged with the request id; rate limits count per client address, taken from
 * X-Forwarded-For only from the proxies TRUST_PROXY names (a hop count or addresses); the staff's pending queue is capped, oldest first.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { refuseInserts } from '../helpers/faults.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { staff } from '../helpers/money.js';
import { leverTrader, openTrade } from '../helpers/trades.js';
import { call, signUp } from '../helpers/users.js';

describe('an unexpected failure', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog('info');
    t = await createTestApp({ market: createFakeMarket(), log: log.logger });
  });
  afterAll(() => t.close());

  it('answers a generic 500 without its details and logs them under the request id', async () => {
    const trader = await leverTrader(t, '1000');
    // A real internal error: the database refuses the trade's row with a message nobody outside should see.
    const restore = await refuseInserts(t, 'trades', 'disk /var/lib/pg full on host db-7.internal');
    try {
      const answer = await openTrade(t, trader, {}, { 'x-request-id': 'req-500-check' });
      expect(answer.status).toBe(500);
      // The server's own text, not app's copy of it (docs/decisions/0076-error-codes.md).
      expect(answer.body).toEqual({
        error: 'Something went wrong. Please try again.',
        code: 'server.somethingWentWrong',
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/db-7|disk|trigger|pg/);

      const logged = log.errors().find((line) => line.reqId === 'req-500-check');
      expect(logged).toBeDefined();
      expect(logged!.err?.message).toContain('disk /var/lib/pg full on host db-7.internal');
    } finally {
      await restore();
    }
  });
});

describe('rate limits and TRUST_PROXY', () => {
  const env = { AUTH_RATE_LIMIT: '3' };
  const attempt = (t: TestApp, address: string) =>
    call(t, 'POST', '/api-v1/login/', {
      body: { email: 'nobody@example.com', password: 'wrong password 1' },
      headers: { 'x-forwarded-for': address },
    });

  it('behind a proxy (one hop), counts each X-Forwarded-For address on its own', async () => {
    const t = await createTestApp({ env: { ...env, TRUST_PROXY: '1' } });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(t, '203.0.113.1')).status).toBe(401);
      expect((await attempt(t, '203.0.113.1')).status).toBe(429);
      expect((await attempt(t, '203.0.113.2')).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('with one hop trusted, only the address the proxy saw counts: a client cannot prepend its own', async () => {
    const t = await createTestApp({ env: { ...env, TRUST_PROXY: '1' } });
    try {
      // The client writes any addresses it likes; the proxy appends the one it saw (203.0.113.5).
      for (let i = 0; i < 3; i++) expect((await attempt(t, `198.51.100.${i}, 203.0.113.5`)).status).toBe(401);
      expect((await attempt(t, '198.51.100.99, 203.0.113.5')).status).toBe(429);
      // ...while another address the proxy saw has its own budget.
      expect((await attempt(t, '198.51.100.0, 203.0.113.6')).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('with a list of proxy addresses, believes X-Forwarded-For only from them', async () => {
    // inject's requests come from 127.0.0.1.
    const behind = await createTestApp({ env: { ...env, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
    const elsewhere = await createTestApp({ env: { ...env, TRUST_PROXY: '10.0.0.0/8,192.168.1.7' } });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(behind, '203.0.113.1')).status).toBe(401);
      expect((await attempt(behind, '203.0.113.1')).status).toBe(429);
      expect((await attempt(behind, '203.0.113.2')).status).toBe(401);
      for (let i = 0; i < 3; i++) expect((await attempt(elsewhere, `198.51.100.${i}`)).status).toBe(401);
      expect((await attempt(elsewhere, '198.51.100.99')).status).toBe(429);
    } finally {
      await behind.close();
      await elsewhere.close();
    }
  });

  it('without a proxy, ignores X-Forwarded-For: a new address in the header gets no new budget', async () => {
    const t = await createTestApp({ env: { ...env, TRUST_PROXY: 'false' } });
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(t, `198.51.100.${i}`)).status).toBe(401);
      expect((await attempt(t, '198.51.100.99')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe("the staff's pending queue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the pending transactions one bounded page at a time, the oldest first (docs/decisions/0020)', async () => {
    const trader = await signUp(t);
    await t.db.execute(sql`
      insert into transactions (user_id, type, status, currency, amount, address)
      select ${trader.id}, 'deposit', 'pending', 'USDT', 50 + n, 'TQueueSender' from generate_series(1, 501) n`);
    const { rows } = await t.db.execute<{ first: string; last: string }>(
      sql`select min(id) as first, max(id) as last from transactions where status = 'pending'`,
    );

    const token = (await staff(t)).token;
    const queue = await call(t, 'GET', '/api-v3/admin/pending-transactions/', { token });
    expect(queue.status).toBe(200);
    expect(queue.body).toHaveLength(50);
    const ids: number[] = queue.body.map((row: { transaction_id: number }) => row.transaction_id);
    expect(ids[0]).toBe(Number(rows[0]!.first));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The largest page is 200; the newest of 501 is on none of the first two.
    const big = await call(t, 'GET', `/api-v3/admin/pending-transactions/?limit=200&after=${ids.at(-1)}`, { token });
    expect(big.body).toHaveLength(200);
    expect(big.body[0].transaction_id).toBe(ids.at(-1)! + 1);
    expect(big.body.map((row: { transaction_id: number }) => row.transaction_id)).not.toContain(Number(rows[0]!.last));
  });
});
