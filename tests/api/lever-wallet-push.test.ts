/**
 * The lever wallet pushed over the WebSocket (docs/decisions/0071-lever-screen-push.md): after LOGIN,
 * `lever-wallet@user.<own id>` sends GET /api-v1/lever-wallet-list/'s list at once and again whenever
 * a posting moves that wallet (a transfer, a trade's margin); another user's stream is refused, and
 * another user's money moving never reaches it; a rolled-back posting pushes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { grant } from '../helpers/money.js';
import { finishAllTrades, leverTrader, openedTradeId } from '../helpers/trades.js';
import { call, type TestUser } from '../helpers/users.js';
import { connectWs, type WsClient } from '../helpers/ws.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket() });
});
afterAll(async () => {
  await finishAllTrades(t);
  await t.close();
});

const isWallet = (f: any) => f.e === 'lever-wallet';
const walletAfter = (client: WsClient, from: number) => client.next(isWallet, from);
const pushesSince = (client: WsClient, from: number) => client.frames.slice(from).filter(isWallet);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const leverList = async (user: TestUser) =>
  (await call(t, 'GET', '/api-v1/lever-wallet-list/', { token: user.token })).body;
const usdtOf = (frame: any) => frame.balances.find((row: any) => row.currency === 'USDT').balance;

async function following(user: TestUser): Promise<WsClient> {
  const client = await connectWs(t);
  client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
  expect(await client.next((f) => f.id === 'login')).toHaveProperty('result');
  client.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.leverWallet(user.id)], id: 'sub' });
  expect(await client.next((f) => f.id === 'sub')).toEqual({ result: null, id: 'sub' });
  return client;
}

describe('lever-wallet@user.<id>', () => {
  it('sends the list right after subscribing, then again when a transfer or a trade moves it', async () => {
    const user = await leverTrader(t, '500');
    await grant(t, user, 'funding', 'USDT', '100');
    const client = await following(user);
    const first = await walletAfter(client, 0);
    expect(first.balances).toEqual(await leverList(user));
    expect(usdtOf(first)).toBe('500');

    let from = client.frames.length;
    const transfer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '40' },
    });
    expect(transfer.status).toBe(201);
    expect(usdtOf(await walletAfter(client, from))).toBe('540');

    from = client.frames.length;
    await openedTradeId(t, user);
    const afterTrade = await walletAfter(client, from);
    expect(afterTrade.balances).toEqual(await leverList(user));
    expect(Number(usdtOf(afterTrade))).toBeLessThan(540);
  });

  it("refuses another user's stream, and another user's money never reaches it", async () => {
    const [alice, bob] = await Promise.all([leverTrader(t, '300'), leverTrader(t, '200')]);
    const anonymous = await connectWs(t);
    anonymous.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.leverWallet(alice.id)], id: 1 });
    expect((await anonymous.next((f) => f.id === 1)).error.msg).toMatch(/not allowed/);

    const asBob = await following(bob);
    await walletAfter(asBob, 0);
    asBob.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.leverWallet(alice.id)], id: 2 });
    expect((await asBob.next((f) => f.id === 2)).error.msg).toMatch(/not allowed/);

    // Alice's lever wallet moves twice: Bob sees none of it, nor does the anonymous socket.
    const asAlice = await following(alice);
    await walletAfter(asAlice, 0);
    const fromBob = asBob.frames.length;
    const fromAlice = asAlice.frames.length;
    await grant(t, alice, 'lever', 'USDT', '25');
    await openedTradeId(t, alice);
    expect(usdtOf(await walletAfter(asAlice, fromAlice))).toBe('325');
    await settle();
    expect(pushesSince(asBob, fromBob)).toEqual([]);
    expect(pushesSince(anonymous, 0)).toEqual([]);
    expect(JSON.stringify(asBob.frames)).not.toContain('325');
  });

  it('pushes nothing for a refused transfer (nothing moved)', async () => {
    const user = await leverTrader(t, '10');
    const client = await following(user);
    await walletAfter(client, 0);
    const from = client.frames.length;
    const refused = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: user.token,
      body: { transfer_from: 'lever', transfer_to: 'funding', currency: 'USDT', amount: '50' },
    });
    expect(refused.status).toBe(400);
    await settle();
    expect(pushesSince(client, from)).toEqual([]);
  });
});
