/**
 * The user data stream (docs/decisions/0035-user-data-stream.md; docs/architecture.md "Private API";
 * docs/decisions/0035-user-data-stream.md): listenKeys (POST/PUT/DELETE /api/v3/userDataStream),
 * /ws/<listenKey> with the exchange's executionReport, outboundAccountPosition and balanceUpdate
 * events, listenKeyExpired on the app's clock, and the WebSocket API's
 * userDataStream.subscribe.signature that ccxt.pro's binance class uses (ccxt-pro.test.ts drives
 * the unmodified class). Events are pushed on every instance: the orders here are placed on one
 * instance and watched on another.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../src/shared/api/api-keys.js';
import { apiListenKeys } from '../../src/server/modules/api-keys/schema.js';
import { endApiKeys } from '../../src/server/modules/api-keys/index.js';
import { spotPass } from '../../src/server/modules/spot/index.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { expectLedgerBalanced, grant } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { connectWs, type WsClient } from '../helpers/ws.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof anotherInstance>>;
let market: FakeMarket;
beforeAll(async () => {
  market = createFakeMarket();
  market.set('BTC', '60000');
  market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
  t = await createTestApp({ market });
  other = await anotherInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});
afterEach(() => expectLedgerBalanced(t));

interface Bot {
  user: TestUser;
  apiKey: string;
  secret: string;
  id: number;
}

async function bot(permissions = ['read', 'spot']): Promise<Bot> {
  const user = await signUp(t);
  await grant(t, user, 'funding', 'USDT', '10000');
  await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  const res = await call<ApiKeyCreated>(t, 'POST', '/api-v1/api-keys/', {
    token: user.token,
    body: { label: 'bot', permissions, code: t.mailbox.lastCode(user.email) },
  });
  expect(res.status).toBe(201);
  return { user, apiKey: res.body.api_key, secret: res.body.secret, id: res.body.id };
}

/** A USER_STREAM call: the key's header, no signature. */
const stream = (key: Pick<Bot, 'apiKey'>, method: 'POST' | 'PUT' | 'DELETE', listenKey?: string) =>
  call<{ listenKey?: string; code?: number; msg?: string }>(
    t,
    method,
    `/api/v3/userDataStream${listenKey ? `?listenKey=${listenKey}` : ''}`,
    { headers: { 'x-mbx-apikey': key.apiKey } },
  );

async function listenKeyOf(key: Bot): Promise<string> {
  const res = await stream(key, 'POST');
  expect(res.status).toBe(200);
  return res.body.listenKey!;
}

/** A /ws/<listenKey> connection on the second instance, subscribed once the first frame could flow. */
async function watch(listenKey: string, on: 'other' | 'first' = 'other'): Promise<WsClient> {
  const app = on === 'other' ? other : t;
  const before = app.ctx.streams.subscriberCount(listenKey);
  const ws = await connectWs({ app: app.app } as TestApp, `/ws/${listenKey}`);
  await expect.poll(() => app.ctx.streams.subscriberCount(listenKey), { timeout: 5_000 }).toBe(before + 1);
  return ws;
}

const placeSpot = (user: TestUser, body: Record<string, string>) =>
  call(t, 'POST', '/api-v1/spot-orders/', { token: user.token, body: { symbol: 'BTCUSDT', ...body } });

describe('listenKeys', () => {
  it('POST makes a 60-character key valid 60 minutes (the same one again while it lives), PUT extends it, DELETE closes it', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    const expiry = async () =>
      (await t.db.select().from(apiListenKeys).where(eq(apiListenKeys.listenKey, listenKey)))[0]?.expiresAt.getTime();
    const first = (await expiry())!;
    expect(first - t.clock.now().getTime()).toBeGreaterThan(59 * 60_000);
    expect(first - t.clock.now().getTime()).toBeLessThanOrEqual(60 * 60_000);

    t.clock.advance(30 * 60_000);
    expect((await stream(key, 'PUT', listenKey)).body).toEqual({});
    expect((await expiry())! - first).toBeGreaterThanOrEqual(30 * 60_000);
    expect(await listenKeyOf(key)).toBe(listenKey);

    expect((await stream(key, 'DELETE', listenKey)).body).toEqual({});
    expect(await expiry()).toBeUndefined();
    const again = await stream(key, 'PUT', listenKey);
    expect([again.status, again.body]).toEqual([400, { code: -1125, msg: 'This listenKey does not exist.' }]);
    expect(await listenKeyOf(key)).not.toBe(listenKey);
  });

  it('refuses a missing or unknown key (-2014/-2015), another key’s listenKey (-1125), and a missing listenKey (-1102)', async () => {
    const [mine, theirs] = [await bot(), await bot()];
    const listenKey = await listenKeyOf(mine);
    const noKey = await call(t, 'POST', '/api/v3/userDataStream');
    expect([noKey.status, noKey.body]).toEqual([401, { code: -2014, msg: 'API-key format invalid.' }]);
    const unknown = await stream({ apiKey: 'x'.repeat(64) }, 'POST');
    expect([unknown.status, unknown.body.code]).toEqual([401, -2015]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await stream(theirs, method, listenKey);
      expect([method, res.status, res.body.code]).toEqual([method, 400, -1125]);
      expect((await stream(mine, method)).body.code).toBe(-1102);
    }
    // Still there, still mine.
    expect(await listenKeyOf(mine)).toBe(listenKey);
  });

  it('a key switched off, ended by a password reset or deleted ends its listenKeys and their connections', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    const ws = await watch(listenKey);
    await call(t, 'PATCH', `/api-v1/api-keys/${key.id}/`, { token: key.user.token, body: { enabled: false } });
    await ws.next((f) => f.e === 'listenKeyExpired' && f.listenKey === listenKey);
    expect(await ws.closed).toBe(1000);
    expect((await stream(key, 'POST')).body.code).toBe(-2015);
    // A connection with an ended listenKey gets nothing: the segment is ignored (no subscription).
    const late = await connectWs(t, `/ws/${listenKey}`);
    late.send({ method: 'LIST_SUBSCRIPTIONS', id: 1 });
    expect(await late.next((f) => f.id === 1)).toEqual({ result: [], id: 1 });
    late.ws.close();

    // Ended (a password reset ends every key of the user): listenKeyExpired, closed.
    const reset = await bot();
    const resetKey = await listenKeyOf(reset);
    const ending = await watch(resetKey);
    await endApiKeys(t.db, t.clock.now(), reset.user.id, 'password-reset');
    await ending.next((f) => f.e === 'listenKeyExpired' && f.listenKey === resetKey);
    expect(await ending.closed).toBe(1000);

    // Deleted: its listenKeys go with it (ON DELETE CASCADE), and the connections close.
    const second = await bot();
    const secondKey = await listenKeyOf(second);
    const closing = await watch(secondKey);
    await call(t, 'DELETE', `/api-v1/api-keys/${second.id}/`, { token: second.user.token });
    expect(await closing.closed).toBe(1000);
    expect(await t.db.select().from(apiListenKeys).where(eq(apiListenKeys.listenKey, secondKey))).toEqual([]);
  });

  it('runs out after 60 minutes on the app’s clock: listenKeyExpired, then the connection closes', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    const ws = await watch(listenKey);
    t.clock.advance(59 * 60_000);
    // Still valid a minute before: a new connection (on the first instance) is let in.
    const late = await watch(listenKey, 'first');
    t.clock.advance(61_000);
    for (const client of [ws, late]) {
      const expired = await client.next((f) => f.e === 'listenKeyExpired');
      expect(expired).toEqual({ e: 'listenKeyExpired', E: expect.any(Number), listenKey });
      expect(await client.closed).toBe(1000);
    }
    const keepalive = await stream(key, 'PUT', listenKey);
    expect(keepalive.body.code).toBe(-1125);
  });

  it('DELETE on one instance closes the connections on another', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    const ws = await watch(listenKey);
    await stream(key, 'DELETE', listenKey);
    expect(await ws.closed).toBe(1000);
    expect(ws.frames.filter((f) => f.e === 'listenKeyExpired')).toEqual([]);
  });

  it('another user’s listenKey topic cannot be subscribed; a made-up listenKey is ignored', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    const intruder = await connectWs(t, '/ws');
    intruder.send({ method: 'SUBSCRIBE', params: [listenKey], id: 1 });
    const answer = await intruder.next((f) => f.id === 1);
    expect(answer.error).toMatchObject({ code: 2 });
    const guessed = await connectWs(t, `/ws/${'A'.repeat(60)}`);
    const owner = await watch(listenKey);
    await placeSpot(key.user, { side: 'buy', type: 'market', quantity: '0.001' });
    await owner.next((f) => f.e === 'outboundAccountPosition');
    // The owner has had every event; the others had none of them.
    expect([...intruder.frames.slice(1), ...guessed.frames]).toEqual([]);
    owner.ws.close();
    intruder.ws.close();
    guessed.ws.close();
  });
});

describe('events, on another instance', () => {
  it('a market buy: executionReport NEW then TRADE/FILLED, then the account position; nothing of another user', async () => {
    const key = await bot();
    const bystander = await bot();
    const ws = await watch(await listenKeyOf(key));
    const placed = await placeSpot(key.user, { side: 'buy', type: 'market', quantity: '0.01' });
    expect(placed.status).toBe(201);
    const id = placed.body.order.order_id as number;
    await placeSpot(bystander.user, { side: 'buy', type: 'market', quantity: '0.01' });
    const position = await ws.next((f) => f.e === 'outboundAccountPosition');
    const reports = ws.frames.filter((f) => f.e === 'executionReport');
    expect(reports.map((r) => [r.i, r.x, r.X])).toEqual([
      [id, 'NEW', 'NEW'],
      [id, 'TRADE', 'FILLED'],
    ]);
    expect(reports[0]).toMatchObject({ s: 'BTCUSDT', S: 'BUY', o: 'MARKET', q: '0.01000000', z: '0.00000000', t: -1 });
    // 0.01 x 60010 = 600.1, fee 0.1 % of it = 0.6001 (the spot fee in the test app is the production one or none).
    const fee = placed.body.order.fee as string;
    expect(reports[1]).toMatchObject({
      c: `coinfront-${id}`,
      l: '0.01000000',
      z: '0.01000000',
      L: '60010.00000000',
      n: Number(fee).toFixed(8),
      N: 'USDT',
      t: id,
      Z: '600.10000000',
      Y: '600.10000000',
      m: false,
    });
    const usdt = (10000 - 600.1 - Number(fee)).toFixed(8);
    expect(position.B).toEqual(
      expect.arrayContaining([
        { a: 'USDT', f: usdt, l: '0.00000000' },
        { a: 'BTC', f: '0.01000000', l: '0.00000000' },
      ]),
    );
    // No balanceUpdate for a spot fill (the exchange sends those for deposits, withdrawals, transfers):
    // it would have come in the same read, before the position.
    expect(ws.frames.filter((f) => f.e === 'balanceUpdate')).toEqual([]);
    expect(ws.frames.every((f) => f.e !== 'executionReport' || f.i === id)).toBe(true);
    ws.ws.close();
  });

  it('a resting limit: NEW with its hold locked, CANCELED when cancelled; another rests and fills on the pass', async () => {
    const key = await bot();
    const ws = await watch(await listenKeyOf(key));
    const resting = await placeSpot(key.user, { side: 'buy', type: 'limit', quantity: '0.01', price: '50000' });
    const id = resting.body.order.order_id as number;
    const newReport = await ws.next((f) => f.e === 'executionReport' && f.i === id);
    expect(newReport).toMatchObject({ x: 'NEW', X: 'NEW', o: 'LIMIT', p: '50000.00000000', w: true });
    const held = await ws.next((f) => f.e === 'outboundAccountPosition');
    expect(held.B).toEqual([{ a: 'USDT', f: expect.any(String), l: expect.stringMatching(/^50[0-9.]+$/) }]);

    const from = ws.frames.length;
    await call(t, 'DELETE', `/api-v1/spot-orders/${id}/`, { token: key.user.token });
    const cancelled = await ws.next((f) => f.e === 'executionReport' && f.x === 'CANCELED', from);
    expect(cancelled).toMatchObject({ i: id, X: 'CANCELED', C: `coinfront-${id}`, z: '0.00000000' });
    const released = await ws.next((f) => f.e === 'outboundAccountPosition', from);
    expect(released.B).toEqual([{ a: 'USDT', f: '10000.00000000', l: '0.00000000' }]);

    const later = await placeSpot(key.user, { side: 'buy', type: 'limit', quantity: '0.01', price: '59000' });
    const laterId = later.body.order.order_id as number;
    await ws.next((f) => f.e === 'executionReport' && f.i === laterId && f.x === 'NEW');
    market.set('BTC', '58950');
    market.setBook('BTC', { bids: ['58940'], asks: ['58960'] });
    try {
      expect(await spotPass(t.ctx)).toBeGreaterThanOrEqual(1);
      const filled = await ws.next((f) => f.e === 'executionReport' && f.i === laterId && f.x === 'TRADE');
      expect(filled).toMatchObject({ X: 'FILLED', L: '59000.00000000', m: true });
    } finally {
      market.set('BTC', '60000');
      market.setBook('BTC', { bids: ['59990'], asks: ['60010'] });
    }
    ws.ws.close();
  });

  it('a transfer out of funding: balanceUpdate with the debit, and the new position', async () => {
    const key = await bot();
    const ws = await watch(await listenKeyOf(key));
    const res = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
      token: key.user.token,
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '250.5' },
    });
    expect(res.status).toBe(201);
    const update = await ws.next((f) => f.e === 'balanceUpdate');
    expect(update).toEqual({
      e: 'balanceUpdate',
      E: expect.any(Number),
      a: 'USDT',
      d: '-250.50000000',
      T: expect.any(Number),
    });
    const position = await ws.next((f) => f.e === 'outboundAccountPosition');
    expect(position.B).toEqual([{ a: 'USDT', f: '9749.50000000', l: '0.00000000' }]);
    ws.ws.close();
  });

  it('/stream?streams=<listenKey> wraps the events as {stream, data}', async () => {
    const key = await bot();
    const listenKey = await listenKeyOf(key);
    const ws = await connectWs({ app: other.app } as TestApp, `/stream?streams=${listenKey}`);
    await expect.poll(() => other.ctx.streams.subscriberCount(listenKey), { timeout: 5_000 }).toBe(1);
    await grant(t, key.user, 'funding', 'USDT', '1');
    const frame = await ws.next((f) => f.data?.e === 'balanceUpdate');
    expect(frame).toMatchObject({ stream: listenKey, data: { a: 'USDT', d: '1.00000000' } });
    ws.ws.close();
  });
});

describe('the WebSocket API (/ws-api/v3)', () => {
  const subscribe = (key: Bot, ws: WsClient, id: string, options: { secret?: string; timestamp?: number } = {}) => {
    const params = { apiKey: key.apiKey, timestamp: options.timestamp ?? t.clock.now().getTime() };
    const payload = `apiKey=${params.apiKey}&timestamp=${params.timestamp}`;
    const signature = createHmac('sha256', options.secret ?? key.secret)
      .update(payload)
      .digest('hex');
    ws.send({ id, method: 'userDataStream.subscribe.signature', params: { ...params, signature } });
    return ws.next((f) => f.id === id);
  };

  it('subscribes with a signature and wraps events as {subscriptionId, event}; refuses bad signatures and stale times', async () => {
    const key = await bot();
    const ws = await connectWs({ app: other.app } as TestApp, '/ws-api/v3');
    expect(await subscribe(key, ws, 'bad', { secret: 'nope' })).toEqual({
      id: 'bad',
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect((await subscribe(key, ws, 'stale', { timestamp: t.clock.now().getTime() - 10_000 })).error.code).toBe(-1021);
    expect(await subscribe(key, ws, 'ok')).toEqual({ id: 'ok', status: 200, result: { subscriptionId: 0 } });
    await placeSpot(key.user, { side: 'buy', type: 'market', quantity: '0.001' });
    const wrapped = await ws.next((f) => f.event?.e === 'executionReport' && f.event.x === 'TRADE');
    expect(wrapped.subscriptionId).toBe(0);
    await ws.next((f) => f.event?.e === 'outboundAccountPosition');
    // A key switched off ends the subscription.
    await call(t, 'PATCH', `/api-v1/api-keys/${key.id}/`, { token: key.user.token, body: { enabled: false } });
    await ws.next((f) => f.event?.e === 'eventStreamTerminated');
    ws.ws.close();
  });
});
