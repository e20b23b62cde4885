import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tickerEvent } from '../../src/shared/api/market.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { connectWs, type WsClient } from '../helpers/ws.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const connect = (path = '/ws', app: TestApp = t): Promise<Client> => connectWs(app, path);
type Client = WsClient;

const isTicker = (symbol?: string) => (f: any) => f.e === '24hrTicker' && (!symbol || f.s === symbol);

describe('ticker streams over /ws', () => {
  it('confirms a SUBSCRIBE and pushes 24hrTicker events for that symbol only', async () => {
    const client = await connect();
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 });
    expect(await client.next((f) => f.id === 1)).toEqual({ result: null, id: 1 });
    const event = tickerEvent.parse(await client.next(isTicker()));
    expect(event.s).toBe('BTCUSDT');
    expect(Number(event.c)).toBeGreaterThan(0);
    await client.next(isTicker(), client.frames.indexOf(client.frames.find(isTicker())) + 1);
    expect(client.frames.filter(isTicker()).every((f) => f.s === 'BTCUSDT')).toBe(true);
    client.ws.terminate();
  });

  it('sends each client only the symbols it subscribed to', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    a.send({ method: 'SUBSCRIBE', params: ['ethusdt@ticker', 'ethbtc@ticker'], id: 7 });
    b.send({ method: 'SUBSCRIBE', params: ['XRPUSDT@ticker'], id: 'b' });
    await Promise.all([a.next(isTicker('ETHUSDT')), a.next(isTicker('ETHBTC')), b.next(isTicker('XRPUSDT'))]);
    expect(new Set(a.frames.filter(isTicker()).map((f) => f.s))).toEqual(new Set(['ETHUSDT', 'ETHBTC']));
    expect(new Set(b.frames.filter(isTicker()).map((f) => f.s))).toEqual(new Set(['XRPUSDT']));
    a.ws.terminate();
    b.ws.terminate();
  });

  it('stops pushing after UNSUBSCRIBE and lists what is left', async () => {
    const client = await connect();
    client.send({ method: 'SUBSCRIBE', params: ['solusdt@ticker', 'bnbusdt@ticker'], id: 1 });
    await client.next(isTicker('SOLUSDT'));
    client.send({ method: 'UNSUBSCRIBE', params: ['solusdt@ticker'], id: 2 });
    await client.next((f) => f.id === 2);
    const after = client.frames.length;
    client.send({ method: 'LIST_SUBSCRIPTIONS', id: 3 });
    expect(await client.next((f) => f.id === 3)).toEqual({ result: ['bnbusdt@ticker'], id: 3 });
    // Two ticks' BNBUSDT events after the answer: the first tick's frames have all arrived by then.
    const first = await client.next(isTicker('BNBUSDT'), after);
    await client.next((f) => isTicker('BNBUSDT')(f) && f.E > first.E, after);
    const later = client.frames.slice(after).filter(isTicker());
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((f) => f.s === 'BNBUSDT')).toBe(true);
    client.ws.terminate();
  });

  it('serves many clients from one tick: the same frame for everyone', async () => {
    const clients = await Promise.all(Array.from({ length: 25 }, () => connect()));
    clients.forEach((c, i) => c.send({ method: 'SUBSCRIBE', params: ['dogeusdt@ticker'], id: i }));
    await Promise.all(clients.map((c, i) => c.next((f) => f.id === i)));
    expect(t.ctx.streams.subscriberCount('dogeusdt@ticker')).toBe(25);
    const firsts = await Promise.all(clients.map((c) => c.next(isTicker('DOGEUSDT'))));
    // Subscriptions may land either side of a tick; wait for one event time everyone has seen.
    const shared = Math.max(...firsts.map((f) => f.E));
    const frames = await Promise.all(clients.map((c) => c.next((f) => f.e === '24hrTicker' && f.E === shared)));
    const texts = new Set(clients.map((c, i) => c.raw.find((r) => JSON.parse(r).E === frames[i].E)));
    expect(texts.size).toBe(1);
    clients.forEach((c) => c.ws.terminate());
    await vi.waitFor(() => expect(t.ctx.streams.subscriberCount('dogeusdt@ticker')).toBe(0));
  });

  it('answers bad messages with an error frame and keeps the connection', async () => {
    const client = await connect();
    client.send('not json');
    expect(await client.next((f) => f.error?.code === 3)).toMatchObject({ id: null });
    client.send({ method: 'BUY', params: [], id: 4 });
    expect(await client.next((f) => f.id === 4)).toMatchObject({ error: { code: 2 } });
    // No such stream (an unknown symbol of a known stream is accepted, as on the exchange: market-streams.test.ts).
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@nope'], id: 5 });
    expect((await client.next((f) => f.id === 5)).error.msg).toContain('btcusdt@nope');
    client.send({ method: 'SUBSCRIBE', params: 'btcusdt@ticker', id: 6 });
    expect(await client.next((f) => f.id === 6)).toMatchObject({ error: { code: 2 } });
    client.send({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: -1 });
    expect(await client.next((f) => f.error && f.id === null && f !== client.frames[0])).toMatchObject({
      error: { code: 2 },
    });
    client.send({ method: 'SET_PROPERTY', params: ['combined', 'yes'], id: 8 });
    expect(await client.next((f) => f.id === 8)).toMatchObject({ error: { code: 1 } });
    client.send({ method: 'SUBSCRIBE', params: ['ltcusdt@ticker'], id: 9 });
    expect(await client.next((f) => f.id === 9)).toEqual({ result: null, id: 9 });
    await client.next(isTicker('LTCUSDT'));
    client.ws.terminate();
  });

  it('closes a connection that floods requests', async () => {
    const client = await connect();
    for (let i = 0; i < 30; i++) client.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    expect(await client.closed).toBe(1008);
  });
});

describe('the exchange URL styles', () => {
  it('streams named in the path send raw events', async () => {
    const client = await connect('/ws/btcusdt@ticker');
    expect((await client.next(isTicker())).s).toBe('BTCUSDT');
    client.ws.terminate();
  });

  it('/stream?streams= sends combined frames {stream, data}', async () => {
    const client = await connect('/stream?streams=btcusdt@ticker/ethbtc@ticker');
    const frame = await client.next((f) => f.stream === 'ethbtc@ticker');
    expect(tickerEvent.parse(frame.data).s).toBe('ETHBTC');
    client.send({ method: 'GET_PROPERTY', params: ['combined'], id: 1 });
    expect(await client.next((f) => f.id === 1)).toEqual({ result: true, id: 1 });
    client.ws.terminate();
  });

  it('SET_PROPERTY combined switches a /ws connection to combined frames', async () => {
    const client = await connect();
    client.send({ method: 'SET_PROPERTY', params: ['combined', true], id: 1 });
    client.send({ method: 'SUBSCRIBE', params: ['adausdt@ticker'], id: 2 });
    expect((await client.next((f) => f.stream === 'adausdt@ticker')).data.e).toBe('24hrTicker');
    client.ws.terminate();
  });
});

describe('between ticks', () => {
  it('sends a new subscriber the current ticker at once, after the confirmation', async () => {
    const market = createFakeMarket({ BTC: '60000', ETH: '3000' });
    const quiet = await createTestApp({ market });
    try {
      const client = await connect('/ws', quiet);
      client.send({ method: 'SUBSCRIBE', params: ['btcusdt@ticker'], id: 1 });
      const event = await client.next(isTicker('BTCUSDT'));
      expect(client.frames.indexOf(event)).toBe(1);
      expect(client.frames[0]).toEqual({ result: null, id: 1 });
      expect(event.c).toBe('60000');
      market.set('BTC', '61000');
      expect((await client.next(isTicker('BTCUSDT'), 2)).c).toBe('61000');
      client.ws.terminate();
    } finally {
      await quiet.close();
    }
  });
});
