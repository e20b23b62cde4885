import { describe, expect, it, vi } from 'vitest';
import { StreamHub, type StreamClient } from './stream-hub.js';

const client = (combined = false): StreamClient & { got: string[] } => {
  const got: string[] = [];
  return { combined, got, send: (frame) => void got.push(frame) };
};

function hubWithTickers(options: { clientsPerSlice?: number } = {}) {
  const hub = new StreamHub(options);
  hub.addFamily({
    name: 'ticker',
    accepts: (topic) => topic.endsWith('@ticker'),
    current: (topic) => `{"now":"${topic}"}`,
  });
  hub.addFamily({
    name: 'chat',
    accepts: (topic) => topic.startsWith('chat@'),
    allows: (topic, c) => topic === `chat@${c.userId}`,
  });
  return hub;
}

describe('stream hub', () => {
  it('delivers a published frame to the subscribers of its topic only', () => {
    const hub = hubWithTickers();
    const [a, b] = [client(), client()];
    hub.subscribe(a, 'btcusdt@ticker', 'ticker');
    hub.subscribe(b, 'ethusdt@ticker', 'ticker');
    expect(hub.publish('btcusdt@ticker', '{"s":"BTCUSDT"}')).toBe(1);
    expect(a.got).toEqual(['{"s":"BTCUSDT"}']);
    expect(b.got).toEqual([]);
  });

  it('wraps frames for combined clients as {stream, data}', () => {
    const hub = hubWithTickers();
    const [raw, combined] = [client(), client(true)];
    hub.subscribe(raw, 'btcusdt@ticker', 'ticker');
    hub.subscribe(combined, 'btcusdt@ticker', 'ticker');
    hub.publish('btcusdt@ticker', '{"s":"BTCUSDT"}');
    expect(JSON.parse(combined.got[0]!)).toEqual({ stream: 'btcusdt@ticker', data: { s: 'BTCUSDT' } });
    expect(raw.got[0]).toBe('{"s":"BTCUSDT"}');
  });

  it('refuses unknown topics and topics of another user', () => {
    const hub = hubWithTickers();
    const user = { ...client(), userId: 7 };
    expect(hub.check('btcusdt@ticker', user)).toEqual({ family: 'ticker' });
    expect(hub.check('chat@7', user)).toEqual({ family: 'chat' });
    expect(hub.check('chat@8', user)).toHaveProperty('error');
    expect(hub.check('btcusdt@trade', user)).toHaveProperty('error');
  });

  it('tells whether a subscription is new and sends a new subscriber the current frame on request', () => {
    const hub = hubWithTickers();
    const c = client(true);
    expect(hub.subscribe(c, 'btcusdt@ticker', 'ticker')).toBe(true);
    expect(hub.subscribe(c, 'btcusdt@ticker', 'ticker')).toBe(false);
    hub.sendCurrent(c, ['btcusdt@ticker']);
    expect(JSON.parse(c.got[0]!)).toEqual({ stream: 'btcusdt@ticker', data: { now: 'btcusdt@ticker' } });
  });

  it('sends a client that takes batches the current frames of several topics in one batch, in order', () => {
    const hub = hubWithTickers();
    const batches: string[][] = [];
    const c: StreamClient = {
      combined: false,
      send: () => {},
      sendMany: (frames) => void batches.push(frames.map(String)),
    };
    hub.subscribe(c, 'btcusdt@ticker', 'ticker');
    hub.subscribe(c, 'ethusdt@ticker', 'ticker');
    hub.sendCurrent(c, ['ethusdt@ticker', 'btcusdt@ticker']);
    expect(batches).toEqual([['{"now":"ethusdt@ticker"}', '{"now":"btcusdt@ticker"}']]);
  });

  it('lists active topics per family and forgets a dropped client everywhere', () => {
    const hub = hubWithTickers();
    const a = client();
    hub.subscribe(a, 'btcusdt@ticker', 'ticker');
    hub.subscribe(a, 'ethusdt@ticker', 'ticker');
    expect(hub.activeTopics('ticker').sort()).toEqual(['btcusdt@ticker', 'ethusdt@ticker']);
    expect(hub.activeTopics('chat')).toEqual([]);
    hub.drop(a);
    expect(hub.activeTopics('ticker')).toEqual([]);
    expect(hub.subscriptions(a)).toEqual([]);
  });

  it('hands each client all its frames of a tick in one batch, in subscription order, and only the topics it has', () => {
    const hub = hubWithTickers();
    const batches: string[][] = [];
    const batching: StreamClient = {
      combined: false,
      send: () => {},
      sendMany: (frames) => void batches.push(frames.map(String)),
    };
    const combined = {
      ...client(true),
      sendMany: (frames: readonly Buffer[]) => void batches.push(frames.map(String)),
    };
    const plain = client();
    hub.subscribe(batching, 'btcusdt@ticker', 'ticker');
    hub.subscribe(batching, 'ethusdt@ticker', 'ticker');
    hub.subscribe(combined, 'ethusdt@ticker', 'ticker');
    hub.subscribe(plain, 'btcusdt@ticker', 'ticker');
    const tick = new Map([
      ['btcusdt@ticker', '{"s":"BTCUSDT"}'],
      ['ethusdt@ticker', '{"s":"ETHUSDT"}'],
      ['xrpusdt@ticker', '{"s":"XRPUSDT"}'],
    ]);
    expect(hub.publishMany(tick)).toBe(4);
    expect(batches).toEqual([
      ['{"s":"BTCUSDT"}', '{"s":"ETHUSDT"}'],
      ['{"stream":"ethusdt@ticker","data":{"s":"ETHUSDT"}}'],
    ]);
    // A client that cannot take a batch gets the same frames one by one.
    expect(plain.got).toEqual(['{"s":"BTCUSDT"}']);
  });

  it('hands clients with the same subscriptions and mode the very same batch, and others their own', () => {
    const hub = hubWithTickers();
    const got = new Map<string, readonly Buffer[]>();
    const batching = (name: string, combined = false): StreamClient => ({
      combined,
      send: () => {},
      sendMany: (frames) => void got.set(name, frames),
    });
    const [a, b, c, d, e] = [batching('a'), batching('b'), batching('c'), batching('d', true), batching('e')];
    for (const x of [a, b, c, d, e]) hub.subscribe(x, 'btcusdt@ticker', 'ticker');
    hub.subscribe(c, 'ethusdt@ticker', 'ticker');
    const tick = new Map([
      ['btcusdt@ticker', '{"s":"BTCUSDT"}'],
      ['ethusdt@ticker', '{"s":"ETHUSDT"}'],
    ]);
    hub.publishMany(tick);
    expect(got.get('a')).toBe(got.get('b'));
    expect(got.get('a')).toBe(got.get('e'));
    expect(got.get('c')!.map(String)).toEqual(['{"s":"BTCUSDT"}', '{"s":"ETHUSDT"}']);
    expect(got.get('d')!.map(String)).toEqual(['{"stream":"btcusdt@ticker","data":{"s":"BTCUSDT"}}']);

    // A change of subscriptions (or of mode) is seen at the next tick.
    hub.subscribe(b, 'ethusdt@ticker', 'ticker');
    hub.unsubscribe(c, 'btcusdt@ticker');
    e.combined = true;
    hub.publishMany(tick);
    expect(got.get('a')!.map(String)).toEqual(['{"s":"BTCUSDT"}']);
    expect(got.get('b')!.map(String)).toEqual(['{"s":"BTCUSDT"}', '{"s":"ETHUSDT"}']);
    expect(got.get('c')!.map(String)).toEqual(['{"s":"ETHUSDT"}']);
    expect(got.get('e')).toBe(got.get('d'));
  });

  describe('held during a tick (one write per connection, docs/decisions/0059-cpu-per-trader.md)', () => {
    const recording = (combined = false) => {
      const batches: string[][] = [];
      const sent: string[] = [];
      const c: StreamClient & { batches: string[][]; sent: string[]; arrays: (readonly Buffer[])[] } = {
        combined,
        batches,
        sent,
        arrays: [],
        send: (frame) => void sent.push(frame),
        sendMany(frames) {
          this.arrays.push(frames);
          batches.push(frames.map(String));
        },
      };
      return c;
    };
    const hubWithPositions = (options: { clientsPerSlice?: number } = {}) => {
      const hub = hubWithTickers(options);
      hub.addFamily({ name: 'positions', accepts: (topic) => topic.startsWith('positions@') });
      return hub;
    };
    const tick = new Map([['btcusdt@ticker', '{"s":"BTCUSDT"}']]);

    it("sends a tick's tickers and positions frame in one batch, the same frames in the same order", () => {
      const hub = hubWithPositions();
      const [held, unheld] = [recording(true), recording(true)];
      for (const c of [held, unheld]) {
        hub.subscribe(c, 'btcusdt@ticker', 'ticker');
        hub.subscribe(c, 'positions@user.7', 'positions');
      }
      // What the connection got before: two writes.
      hub.publishMany(tick);
      hub.publish('positions@user.7', '{"e":"positions","trades":[]}');
      const release = hub.hold();
      hub.publishMany(tick);
      hub.publish('positions@user.7', '{"e":"positions","trades":[]}');
      expect(held.batches).toHaveLength(1);
      release();
      release(); // idempotent
      expect(held.batches.slice(1)).toEqual([[...unheld.batches[0]!, unheld.sent[0]!]]);
      expect(held.batches[1]).toEqual([
        '{"stream":"btcusdt@ticker","data":{"s":"BTCUSDT"}}',
        '{"stream":"positions@user.7","data":{"e":"positions","trades":[]}}',
      ]);
    });

    it('waits for every hold, and keeps one shared batch for clients with tickers only', () => {
      const hub = hubWithPositions();
      const [a, b] = [recording(), recording()];
      for (const c of [a, b]) hub.subscribe(c, 'btcusdt@ticker', 'ticker');
      const [first, second] = [hub.hold(), hub.hold()];
      hub.publishMany(tick);
      first();
      expect(a.batches).toEqual([]);
      second();
      expect(a.batches).toEqual([['{"s":"BTCUSDT"}']]);
      expect(a.arrays[0]).toBe(b.arrays[0]);
      // Released: frames go out at once again.
      hub.publishMany(tick);
      expect(a.batches).toHaveLength(2);
    });

    it('drops held frames of a topic the connection left, and all of a connection dropped', () => {
      const hub = hubWithPositions();
      const [left, closed] = [recording(), recording()];
      for (const c of [left, closed]) {
        hub.subscribe(c, 'btcusdt@ticker', 'ticker');
        hub.subscribe(c, 'positions@user.7', 'positions');
      }
      const release = hub.hold();
      hub.publishMany(tick);
      hub.publish('positions@user.7', '{"e":"positions","trades":[]}');
      // The session ended mid-tick: its positions must not go out after that.
      hub.unsubscribe(left, 'positions@user.7');
      hub.drop(closed);
      release();
      expect(left.batches).toEqual([['{"s":"BTCUSDT"}']]);
      expect(closed.batches).toEqual([]);
    });

    describe('sent a slice of connections per turn of the event loop', () => {
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const positions = (n: number) => `{"e":"positions","n":${n}}`;
      const tickOf = (hub: StreamHub, n: number) => {
        hub.publishMany(tick);
        hub.publish('positions@user.7', positions(n));
      };
      /** A hub writing one connection per turn, and two connections with the ticker and positions. */
      const twoTraders = () => {
        const hub = hubWithPositions({ clientsPerSlice: 1 });
        const [first, second] = [recording(), recording()];
        for (const c of [first, second]) {
          hub.subscribe(c, 'btcusdt@ticker', 'ticker');
          hub.subscribe(c, 'positions@user.7', 'positions');
        }
        return { hub, first, second };
      };

      it('writes the first slice at release and the rest on later turns, every connection once per tick', async () => {
        const hub = hubWithPositions({ clientsPerSlice: 2 });
        const clients = [recording(), recording(), recording(), recording(), recording()];
        for (const c of clients) hub.subscribe(c, 'btcusdt@ticker', 'ticker');
        const release = hub.hold();
        hub.publishMany(tick);
        release();
        expect(clients.map((c) => c.batches.length)).toEqual([1, 1, 0, 0, 0]);
        // A request's turn comes between the slices.
        let served = false;
        setImmediate(() => (served = true));
        await turn();
        expect(served).toBe(true);
        expect(clients.map((c) => c.batches.length)).toEqual([1, 1, 1, 1, 0]);
        await turn();
        expect(clients.map((c) => c.batches)).toEqual(clients.map(() => [['{"s":"BTCUSDT"}']]));
        expect(clients.every((c) => c.sent.length === 0)).toBe(true);
        // All out: frames go out at once again.
        hub.publishMany(tick);
        expect(clients.map((c) => c.batches.length)).toEqual([2, 2, 2, 2, 2]);
      });

      it("keeps each connection's order when frames come while the last tick's are still going out", async () => {
        const { hub, first, second: waiting } = twoTraders();
        let release = hub.hold();
        tickOf(hub, 1);
        release();
        // `first` has its tick; `waiting` does not yet. A frame outside any hold (a trade closed):
        hub.publish('positions@user.7', positions(2));
        // and the next tick opens before the slices are done: the sending waits for its release.
        release = hub.hold();
        tickOf(hub, 3);
        await turn();
        expect(waiting.batches).toEqual([]);
        release();
        await turn();
        await turn();
        const seen = (c: ReturnType<typeof recording>) => [...c.batches.flat(), ...c.sent];
        for (const c of [first, waiting])
          expect(seen(c)).toEqual(['{"s":"BTCUSDT"}', positions(1), positions(2), '{"s":"BTCUSDT"}', positions(3)]);
        expect(first.sent).toEqual([]);
        expect(waiting.sent).toEqual([]);
      });

      it('drops the waiting frames of a topic a connection leaves before its slice', async () => {
        const { hub, first, second: leaving } = twoTraders();
        const release = hub.hold();
        tickOf(hub, 1);
        release();
        hub.unsubscribe(leaving, 'positions@user.7');
        await turn();
        expect(first.batches).toEqual([['{"s":"BTCUSDT"}', positions(1)]]);
        expect(leaving.batches).toEqual([['{"s":"BTCUSDT"}']]);
      });
    });

    it('lets go by itself when a tick hangs', () => {
      vi.useFakeTimers();
      try {
        const hub = hubWithPositions();
        const c = recording();
        hub.subscribe(c, 'btcusdt@ticker', 'ticker');
        hub.hold();
        hub.publishMany(tick);
        expect(c.batches).toEqual([]);
        vi.advanceTimersByTime(500);
        expect(c.batches).toEqual([['{"s":"BTCUSDT"}']]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
