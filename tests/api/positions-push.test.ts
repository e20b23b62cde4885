/**
 * Positions pushed over the WebSocket (docs/decisions/0027-positions-push.md, docs/architecture.md "Realtime"):
 * after LOGIN, `positions@user.<own id>` sends the get-active-trades items at once, on every price
 * move of a held coin (at most once a second), at once on open, close, fill and liquidation, also
 * for a change made through another instance; another user's stream is refused; a logout ends it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import { SESSION_ENDED } from '../../src/server/modules/realtime/routes.js';
import { anotherInstance, type TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import {
  activeTradesOf,
  closeTrade,
  finishAllTrades,
  leverTrader,
  openTrade,
  openedTradeId,
} from '../helpers/trades.js';
import { call, type TestUser } from '../helpers/users.js';
import { followingPositions, isPositions, positionsAfter, settle } from '../helpers/positions-stream.js';
import { connectWs, type WsClient } from '../helpers/ws.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]));
afterEach(async () => {
  await finishAllTrades(t);
  market.set('BTC', '60000');
  market.set('ETH', '3000');
});

const pushesSince = (client: WsClient, from: number) => client.frames.slice(from).filter(isPositions);
const following = (user: TestUser) => followingPositions(t, user);

/** Moves the test clock to just after a whole second, so the next few moves fall in one second. */
function startOfSecond() {
  t.clock.advance(1_000 - (t.clock.now().getTime() % 1_000) + 1);
}

/**
 * A trader holding 0.1 BTC long at 60000 and following their positions, whose first price move (to
 * 60100) was just pushed at the start of a second of the server clock; `moved` is that push.
 */
async function pushedAtStartOfSecond() {
  const user = await leverTrader(t);
  await openedTradeId(t, user);
  const client = await following(user);
  await positionsAfter(client, 0);
  startOfSecond();
  const from = client.frames.length;
  market.set('BTC', '60100');
  return { client, moved: await positionsAfter(client, from) };
}

describe('positions@user.<id>', () => {
  it('sends the current state right after subscribing: the very items of get-active-trades', async () => {
    const user = await leverTrader(t);
    await openedTradeId(t, user);
    await openedTradeId(t, user, { coin: 'ETH', starting_price: '3000', hands: '2', trade_type: 'sell' });
    const client = await following(user);
    const first = await positionsAfter(client, 0);
    expect(first.trades).toEqual(await activeTradesOf(t, user));
    expect(first.trades.map((trade: any) => trade.coin)).toEqual(['ETH', 'BTC']);
  });

  it("refuses another user's stream, and any before LOGIN", async () => {
    const [alice, bob] = await Promise.all([leverTrader(t), leverTrader(t)]);
    const anonymous = await connectWs(t);
    anonymous.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.positions(alice.id)], id: 1 });
    expect((await anonymous.next((f) => f.id === 1)).error.msg).toMatch(/not allowed/);

    const asBob = await following(bob);
    asBob.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.positions(alice.id)], id: 2 });
    expect((await asBob.next((f) => f.id === 2)).error.msg).toMatch(/not allowed/);
    // Alice's trade reaches nobody but Alice.
    const from = asBob.frames.length;
    await openedTradeId(t, alice);
    await settle();
    expect(pushesSince(asBob, from)).toEqual([]);
    expect(pushesSince(anonymous, 0)).toEqual([]);
  });

  it('pushes the new P/L when a held price moves, at most once a second', async () => {
    const { client, moved } = await pushedAtStartOfSecond();
    expect(moved.trades[0]).toMatchObject({ coin: 'BTC', current_price: '60100', profit_loss_decimal: '10' });

    // Three more moves in the same second: nothing more this second.
    let from = client.frames.length;
    market.set('BTC', '60200');
    market.set('BTC', '60300');
    market.set('BTC', '60400');
    await settle();
    expect(pushesSince(client, from)).toEqual([]);

    // The next second brings the latest price, though this market ticks only on a change.
    const trailing = await positionsAfter(client, from);
    expect(trailing.trades[0]).toMatchObject({ current_price: '60400', profit_loss_decimal: '40' });
    await settle();
    expect(pushesSince(client, from)).toHaveLength(1);

    // A move in a later second is pushed at once.
    from = client.frames.length;
    t.clock.advance(1_000);
    market.set('BTC', '60500');
    const next = await positionsAfter(client, from);
    expect(next.trades[0]).toMatchObject({ current_price: '60500', profit_loss_decimal: '50' });
  });

  it("brings the second's last price even when its timer fires while the server clock still reads the old second", async () => {
    const { client } = await pushedAtStartOfSecond();
    // A second move in the same second waits for the next one; then the clock falls 20 ms behind the
    // timers (the wall clock stepped back, or the timers' clock and the wall clock apart), so the timer
    // set for the next second fires while the clock still reads this one.
    const from = client.frames.length;
    market.set('BTC', '60200');
    t.clock.advance(-20);
    const trailing = await positionsAfter(client, from);
    expect(trailing.trades[0]).toMatchObject({ current_price: '60200', profit_loss_decimal: '20' });
  });

  it('pushes nothing when only a coin the user does not hold moves', async () => {
    const user = await leverTrader(t);
    await openedTradeId(t, user);
    const client = await following(user);
    await positionsAfter(client, 0);
    const from = client.frames.length;
    t.clock.advance(1_000);
    market.set('ETH', '3100');
    await settle();
    expect(pushesSince(client, from)).toEqual([]);
  });

  it('pushes at once on open and close, within the same second as a price push', async () => {
    const user = await leverTrader(t);
    const client = await following(user);
    expect((await positionsAfter(client, 0)).trades).toEqual([]);

    startOfSecond();
    let from = client.frames.length;
    const id = await openedTradeId(t, user);
    const opened = await positionsAfter(client, from, (f) => f.trades.length === 1);
    expect(opened.trades[0]).toMatchObject({ trade_id: id, status: 'open', coin: 'BTC' });
    // This process's own change and the NOTIFY both read again: the same list is sent once.
    await settle();
    expect(pushesSince(client, from)).toHaveLength(1);

    market.set('BTC', '60100'); // a price push in this second
    await positionsAfter(client, from, (f) => f.trades[0]?.current_price === '60100');

    from = client.frames.length;
    expect((await closeTrade(t, user, id, '60100')).status).toBe(200);
    expect((await positionsAfter(client, from)).trades).toEqual([]);
  });

  it('pushes a limit order, its fill and a liquidation made by the trade jobs', async () => {
    const user = await leverTrader(t);
    const client = await following(user);
    await positionsAfter(client, 0);
    let from = client.frames.length;
    const placed = await openTrade(t, user, { order_type: 'limit', limit_price: '59000', leverage: 100 });
    expect(placed.status).toBe(201);
    expect((await positionsAfter(client, from, (f) => f.trades.length === 1)).trades[0].status).toBe('pending');

    from = client.frames.length;
    market.set('BTC', '59000');
    await runTradeJobsOnce(t.ctx);
    expect((await positionsAfter(client, from, (f) => f.trades[0]?.status === 'open')).trades[0]).toMatchObject({
      trade_id: placed.body.trade.trade_id,
      starting_price: '59000',
    });

    // 100x with no maintenance margin here: liquidated at 58410.
    from = client.frames.length;
    market.set('BTC', '58000');
    await runTradeJobsOnce(t.ctx);
    expect((await positionsAfter(client, from, (f) => f.trades.length === 0)).trades).toEqual([]);
  });

  it('pushes a trade opened through another instance to a socket on this one', async () => {
    const user = await leverTrader(t);
    const client = await following(user);
    await positionsAfter(client, 0);
    const other = await anotherInstance(t);
    try {
      // Only this process's own changes are seen without the notification: wait for both to listen.
      await vi.waitFor(() => expect(t.ctx.changes.listening() && other.ctx.changes.listening()).toBe(true));
      const mark = (await other.ctx.market.markPrice('BTC'))!.price;
      const from = client.frames.length;
      const res = await other.app.inject({
        method: 'POST',
        url: '/api-v1/trade-creation/',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { trade_type: 'buy', starting_price: mark, coin: 'BTC', hands: '0.01' },
      });
      expect(res.statusCode).toBe(201);
      const pushed = await positionsAfter(client, from, (f) => f.trades.length === 1);
      expect(pushed.trades[0].trade_id).toBe(res.json().trade.trade_id);
    } finally {
      await other.close();
    }
  });

  it('stops on logout: the socket is told and gets no more positions', async () => {
    const user = await leverTrader(t);
    await openedTradeId(t, user);
    const client = await following(user);
    await positionsAfter(client, 0);
    expect((await call(t, 'POST', '/api-v1/logout/', { token: user.token })).status).toBeLessThan(300);
    expect(await client.next((f) => f.error?.code === 401)).toEqual({ error: SESSION_ENDED, id: null });
    const from = client.frames.length;
    t.clock.advance(1_000);
    market.set('BTC', '61000');
    await settle();
    expect(pushesSince(client, from)).toEqual([]);
  });
});
