/**
 * The per-user snapshot streams (user-streams.ts) through the spot orders' hook: `orders@user.<id>`
 * with a fake source of open orders and a fake change feed (the positions stream is the same
 * plumbing end to end in tests/api/positions-push.test.ts).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../../db/change-feed.js';
import { StreamHub, type StreamClient } from '../../lib/stream-hub.js';
import { USER_STREAMS } from '../../../shared/api/streams.js';
// Through the module's public face, as the spot module will call it.
import { registerOrdersStream } from './index.js';

const CHANNEL = 'spot_orders_changed';

function setUp() {
  const hub = new StreamHub();
  const listeners = new Map<string, ChangeListener>();
  const changes = {
    watch: (channel: string, listener: ChangeListener) => {
      listeners.set(channel, listener);
      return () => void listeners.delete(channel);
    },
    listening: () => true,
  } as unknown as ChangeFeed;
  const open = new Map<number, unknown[]>();
  let reads = 0;
  const stream = registerOrdersStream(
    { streams: hub, changes, log: pino({ level: 'silent' }) },
    {
      changes: CHANNEL,
      openOrders: async (userId) => {
        reads++;
        return open.get(userId) ?? [];
      },
    },
  );
  const notify = (userId: number | null) => listeners.get(CHANNEL)!(userId);
  return { hub, stream, open, notify, reads: () => reads };
}

const clientOf = (userId?: number): StreamClient & { got: unknown[] } => {
  const got: unknown[] = [];
  return { combined: false, userId, got, send: (frame) => void got.push(JSON.parse(frame)) };
};

function subscribe(hub: StreamHub, client: StreamClient, topic: string): string | undefined {
  const checked = hub.check(topic, client);
  if ('error' in checked) return checked.error;
  hub.subscribe(client, topic, checked.family);
  hub.sendCurrent(client, [topic]);
  return undefined;
}

describe('orders@user.<id>', () => {
  it('sends the open orders on subscribe, again on every change notified for that user, and to nobody else', async () => {
    const { hub, stream, open, notify } = setUp();
    const alice = clientOf(7);
    const bob = clientOf(8);
    open.set(7, [{ order_id: 1, status: 'open' }]);
    expect(subscribe(hub, alice, USER_STREAMS.orders(7))).toBeUndefined();
    expect(subscribe(hub, bob, USER_STREAMS.orders(8))).toBeUndefined();
    await stream.settled();
    expect(alice.got).toEqual([{ e: 'orders', orders: [{ order_id: 1, status: 'open' }] }]);
    expect(bob.got).toEqual([{ e: 'orders', orders: [] }]);

    open.set(7, []); // filled
    notify(7);
    await stream.settled();
    expect(alice.got.at(-1)).toEqual({ e: 'orders', orders: [] });
    expect(bob.got).toHaveLength(1);

    // pushOrders: without waiting for the notification; an unchanged list is not sent again.
    stream.push(7);
    await stream.settled();
    expect(alice.got).toHaveLength(2);
  });

  it("refuses another user's orders and an anonymous connection", () => {
    const { hub } = setUp();
    expect(subscribe(hub, clientOf(8), USER_STREAMS.orders(7))).toMatch(/not allowed/);
    expect(subscribe(hub, clientOf(), USER_STREAMS.orders(7))).toMatch(/not allowed/);
  });

  it('reads a user once more when a change comes during a read, never twice at once', async () => {
    const { hub, stream, open, notify, reads } = setUp();
    const alice = clientOf(7);
    subscribe(hub, alice, USER_STREAMS.orders(7)); // read 1 under way
    open.set(7, [{ order_id: 2 }]);
    notify(7);
    notify(7);
    notify(null); // the LISTEN connection came back: everyone
    await stream.settled();
    expect(reads()).toBe(2);
    expect(alice.got.at(-1)).toEqual({ e: 'orders', orders: [{ order_id: 2 }] });
  });

  it('forgets a user nobody follows any more: a later subscriber gets the state read anew, not the last frame', async () => {
    const { hub, stream, open, notify, reads } = setUp();
    const alice = clientOf(7);
    subscribe(hub, alice, USER_STREAMS.orders(7));
    await stream.settled();
    hub.drop(alice);
    open.set(7, [{ order_id: 3 }]);
    notify(7); // nobody here follows Alice: no read
    await stream.settled();
    expect(reads()).toBe(1);
    expect(stream.users()).toEqual([]);

    const again = clientOf(7);
    subscribe(hub, again, USER_STREAMS.orders(7));
    await stream.settled();
    expect(again.got).toEqual([{ e: 'orders', orders: [{ order_id: 3 }] }]);
  });
});
