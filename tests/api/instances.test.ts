/**
 * Several servers on one database, as behind a load balancer. Each remembers users' sign-in rows
 * and live trades (db/change-feed.ts); what one instance changes, or an operator changes in the
 * database directly, must still reach every instance.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import type { TestApp } from '../helpers/app.js';
import { twoInstances, type OtherInstance } from '../helpers/suites.js';
import { activeTradesOf, closeTrade, leverTrader, openedTradeId } from '../helpers/trades.js';
import { call, createAdmin, signUp } from '../helpers/users.js';

let t: TestApp;
let other: OtherInstance;
twoInstances((app, second) => ([t, other] = [app, second]));

const onOther = (token: string, url: string) =>
  other.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const markOf = async (coin: string) => (await t.ctx.market.markPrice(coin))!.price;
const walletList = '/api-v1/funding-wallet-list/';
const staffList = '/api-v3/admin/users/';

describe('sign-ins remembered per server', () => {
  it('a logout on one server ends the token on the other, which had remembered it', async () => {
    const user = await signUp(t);
    expect((await onOther(user.token, walletList)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api-v1/logout/', { token: user.token })).status).toBe(200);
    expect((await call(t, 'GET', walletList, { token: user.token })).status).toBe(401); // same server: at once
    await vi.waitFor(async () => expect((await onOther(user.token, walletList)).statusCode).toBe(401), {
      timeout: 5_000,
    });
  });

  it('a staff member demoted directly in the database loses staff rights on every server', async () => {
    const staff = await createAdmin(t);
    expect((await call(t, 'GET', staffList, { token: staff.token })).status).toBe(200);
    expect((await onOther(staff.token, staffList)).statusCode).toBe(200);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, staff.id));
    await vi.waitFor(
      async () => {
        expect((await call(t, 'GET', staffList, { token: staff.token })).status).toBe(403);
        expect((await onOther(staff.token, staffList)).statusCode).toBe(403);
      },
      { timeout: 5_000 },
    );
  });

  it('nothing is remembered while the notification connection is down, and it comes back', async () => {
    const user = await signUp(t);
    expect((await call(t, 'GET', walletList, { token: user.token })).status).toBe(200);
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'LISTEN %user_changed%'`);
    await vi.waitFor(() => expect(t.ctx.changes.listening()).toBe(false));
    // This change's notification reaches no one, so the remembered row must not be used.
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect((await call(t, 'GET', walletList, { token: user.token })).status).toBe(401);
    await vi.waitFor(() => expect(t.ctx.changes.listening()).toBe(true), { timeout: 5_000 });
    expect((await call(t, 'GET', walletList, { token: user.token })).status).toBe(401);
  });
});

describe('live trades remembered per server', () => {
  it('a trade opened and closed on one server appears and disappears on the other', async () => {
    const trader = await leverTrader(t);
    const activeOnOther = async () =>
      (await onOther(trader.token, '/api-v1/get-active-trades/')).json<{ trade_id: number }[]>();
    expect(await activeOnOther()).toEqual([]);
    const id = await openedTradeId(t, trader, { starting_price: await markOf('BTC') });
    expect((await activeTradesOf(t, trader)).map((x) => x.trade_id)).toEqual([id]); // same server: at once
    await vi.waitFor(async () => expect((await activeOnOther()).map((x) => x.trade_id)).toEqual([id]), {
      timeout: 5_000,
    });
    expect((await closeTrade(t, trader, id, await markOf('BTC'))).status).toBe(200);
    expect(await activeTradesOf(t, trader)).toEqual([]);
    await vi.waitFor(async () => expect(await activeOnOther()).toEqual([]), { timeout: 5_000 });
  });
});
