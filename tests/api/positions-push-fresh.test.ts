/**
 * The positions push keeps each trade's serialised item and reuses it while the trade and its mark
 * stay the same (modules/trades/view.ts `tradeItemJson`, docs/decisions/0059-cpu-per-trader.md).
 * A frame must never be stale: after a trade is opened, edited (take-profit / stop-loss), closed,
 * and after the mark moves (also back to a price it was priced at before an edit), the frame is
 * the very list get-active-trades answers; and another user's positions never leak into it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { FakeMarket } from '../helpers/fake-market.js';
import { fakeMarketApp } from '../helpers/suites.js';
import { activeTradesOf, closeTrade, finishAllTrades, leverTrader, openedTradeId } from '../helpers/trades.js';
import { call, type TestUser } from '../helpers/users.js';
import { followingPositions, isPositions, positionsAfter, settle } from '../helpers/positions-stream.js';
import type { WsClient } from '../helpers/ws.js';

let t: TestApp;
let market: FakeMarket;
fakeMarketApp((app, fake) => ([t, market] = [app, fake]));
afterEach(async () => {
  await finishAllTrades(t);
  market.set('BTC', '60000');
});

const following = (user: TestUser) => followingPositions(t, user);

/** A price move in a new second of the server clock (pushed at once). */
async function move(client: WsClient, price: string) {
  const from = client.frames.length;
  t.clock.advance(1_000);
  market.set('BTC', price);
  return positionsAfter(client, from, (f) => f.trades.length === 0 || f.trades[0].current_price === price);
}

/** The last positions frame the client got, once every push has come. */
async function lastFrame(client: WsClient) {
  await settle();
  return client.frames.filter(isPositions).at(-1);
}

describe('positions@user.<id> with the serialised items kept', () => {
  it('is fresh after open, mark moves, an edit, a move back to an earlier mark, and close', async () => {
    const [alice, bob] = await Promise.all([leverTrader(t), leverTrader(t)]);
    const asAlice = await following(alice);
    const asBob = await following(bob);
    await positionsAfter(asAlice, 0);
    const bobsId = await openedTradeId(t, bob, { hands: '0.2', trade_type: 'sell' });

    let from = asAlice.frames.length;
    const id = await openedTradeId(t, alice);
    await positionsAfter(asAlice, from, (f) => f.trades.length === 1);
    expect((await lastFrame(asAlice)).trades).toEqual(await activeTradesOf(t, alice));

    const at60100 = await move(asAlice, '60100');
    expect(at60100.trades[0]).toMatchObject({ trade_id: id, current_price: '60100', profit_loss_decimal: '10' });
    expect((await lastFrame(asAlice)).trades).toEqual(await activeTradesOf(t, alice));

    await move(asAlice, '60200');
    from = asAlice.frames.length;
    const edited = await call(t, 'POST', '/api-v1/trade-tpsl/', {
      token: alice.token,
      body: { trade_id: id, take_profit: '65000', stop_loss: '59500' },
    });
    expect(edited.body).toMatchObject({ trade: { take_profit: '65000' } });
    const afterEdit = await positionsAfter(asAlice, from, (f) => f.trades[0]?.take_profit === '65000');
    expect(afterEdit.trades[0]).toMatchObject({
      stop_loss: '59500',
      current_price: '60200',
      profit_loss_decimal: '20',
    });
    expect((await lastFrame(asAlice)).trades).toEqual(await activeTradesOf(t, alice));

    // Back to a mark the trade was priced at before the edit: the edited item, not the kept text.
    const back = await move(asAlice, '60100');
    expect(back.trades[0]).toMatchObject({ take_profit: '65000', current_price: '60100', profit_loss_decimal: '10' });
    expect((await lastFrame(asAlice)).trades).toEqual(await activeTradesOf(t, alice));

    from = asAlice.frames.length;
    expect((await closeTrade(t, alice, id, '60100')).status).toBe(200);
    expect((await positionsAfter(asAlice, from, (f) => f.trades.length === 0)).trades).toEqual([]);
    expect((await lastFrame(asAlice)).trades).toEqual([]);

    // Each saw only their own trade, at every push.
    const ids = (client: WsClient) =>
      client.frames.filter(isPositions).flatMap((f) => f.trades.map((x: any) => x.trade_id));
    expect(new Set(ids(asAlice))).toEqual(new Set([id]));
    expect(new Set(ids(asBob))).toEqual(new Set([bobsId]));
    expect((await lastFrame(asBob)).trades).toEqual(await activeTradesOf(t, bob));
  });
});
