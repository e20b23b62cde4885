/**
 * The event bus contract (src/server/lib/event-bus.ts, docs/decisions/0036), one test body run
 * against both transports: PostgreSQL NOTIFY/LISTEN on the embedded test server, and Redis pub/sub on
 * a real redis-server (tests/helpers/redis.ts). Two buses on one medium play two instances.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangeFeed } from '../../src/server/db/change-feed.js';
import {
  BUS_MAX_PAYLOAD_BYTES,
  createPostgresBus,
  createRedisBus,
  type EventBus,
} from '../../src/server/lib/event-bus.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';

interface Instance {
  bus: EventBus;
  log: CapturedLog;
}

interface Transport {
  name: string;
  /** Two instances on one shared medium. */
  start(): Promise<[Instance, Instance]>;
  /** Ends the receiving connection of instance `which` from the server side; it must come back by itself. */
  cut(which: 0 | 1): Promise<void>;
  stop(): Promise<void>;
}

const postgres = (): Transport => {
  let database: TestDatabase;
  const pools: pg.Pool[] = [];
  const feeds: ChangeFeed[] = [];
  return {
    name: 'PostgreSQL NOTIFY',
    async start() {
      database = await createTestDatabase(2);
      const instances: Instance[] = [];
      for (const which of [0, 1]) {
        // A pool of its own per instance, named so that a test can cut one of them.
        const pool = new pg.Pool({ connectionString: database.url, max: 4, application_name: `bus-${which}` });
        pool.on('error', () => {});
        const changes = new ChangeFeed(pool);
        const log = captureLog();
        const bus = createPostgresBus(changes, pool, log.logger);
        changes.start();
        pools.push(pool);
        feeds.push(changes);
        instances.push({ bus, log });
      }
      return instances as [Instance, Instance];
    },
    async cut(which) {
      await database.db.$client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1 and query like 'LISTEN %'`,
        [`bus-${which}`],
      );
    },
    async stop() {
      for (const feed of feeds) await feed.stop();
      for (const pool of pools) await pool.end();
      await database.drop();
    },
  };
};

const redis = (): Transport => {
  let server: TestRedis;
  let admin: Redis;
  return {
    name: 'Redis pub/sub',
    async start() {
      server = await startRedis();
      admin = new Redis(server.url);
      return [0, 1].map((which) => {
        const log = captureLog();
        return { bus: createRedisBus(server.url, log.logger, { name: `bus-${which}` }), log };
      }) as [Instance, Instance];
    },
    async cut(which) {
      const list = String(await admin.client('LIST'));
      const id = /id=(\d+) .*name=coinfront-bus-sub:bus-(\d)/
        .exec(list.split('\n').find((line) => line.includes(`name=coinfront-bus-sub:bus-${which} `)) ?? '')
        ?.at(1);
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
    },
    async stop() {
      admin.disconnect();
      await server.stop();
    },
  };
};

/** Collects what a bus delivers on a channel. */
function collect(bus: EventBus, channel: string) {
  const got: string[] = [];
  const stop = bus.subscribe(channel, (payload) => got.push(payload));
  return { got, stop };
}

/** Waits until `list` holds `value` (delivery is asynchronous on both transports). */
const arrives = (list: string[], value: string) =>
  vi.waitFor(() => expect(list).toContain(value), { timeout: 10_000, interval: 10 });

describe.each([
  { over: 'PostgreSQL', transportOf: postgres },
  { over: 'Redis', transportOf: redis },
])('event bus over $over', ({ transportOf }) => {
  const transport = transportOf();
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    [a, b] = await transport.start();
    await vi.waitFor(() => expect(a.bus.ready() && b.bus.ready()).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await a.bus.close();
    await b.bus.close();
    await transport.stop();
  });

  it(`${transport.name}: a publish on one instance reaches every instance's subscribers of that channel, and only those`, async () => {
    const onA = collect(a.bus, 'chat');
    const onB = collect(b.bus, 'chat');
    const onB2 = collect(b.bus, 'chat');
    const otherChannel = collect(b.bus, 'other');
    await a.bus.publish('chat', '{"message":1,"user":7}');
    await arrives(onB.got, '{"message":1,"user":7}');
    await arrives(onA.got, '{"message":1,"user":7}'); // the publisher's own instance hears it too
    await arrives(onB2.got, '{"message":1,"user":7}');
    await b.bus.publish('other', 'last');
    await arrives(otherChannel.got, 'last');
    expect(otherChannel.got).toEqual(['last']);
    expect(onB.got).toEqual(['{"message":1,"user":7}']);
    for (const c of [onA, onB, onB2, otherChannel]) c.stop();
  });

  it(`${transport.name}: events of one publisher arrive in order; an unsubscribed handler hears nothing more`, async () => {
    const onB = collect(b.bus, 'order');
    const gone = collect(b.bus, 'order');
    gone.stop();
    const sent = Array.from({ length: 20 }, (_, i) => `event ${i}`);
    for (const payload of sent) await a.bus.publish('order', payload);
    await arrives(onB.got, 'event 19');
    expect(onB.got).toEqual(sent);
    expect(gone.got).toEqual([]);
    onB.stop();
  });

  it(`${transport.name}: a payload up to ${BUS_MAX_PAYLOAD_BYTES} bytes is carried whole; a larger one is refused, not cut`, async () => {
    const onB = collect(b.bus, 'big');
    // Multi-byte characters: the limit is in bytes, as PostgreSQL's is.
    const largest = 'é'.repeat(BUS_MAX_PAYLOAD_BYTES / 2);
    await expect(a.bus.publish('big', `${largest}x`)).rejects.toThrow(/over 4000 bytes: send ids/);
    await expect(a.bus.publish('big', 'x'.repeat(9_000))).rejects.toThrow(/send ids/);
    await a.bus.publish('big', largest);
    await arrives(onB.got, largest);
    expect(onB.got).toEqual([largest]);
    onB.stop();
  });

  it(`${transport.name}: bad channel names are refused`, async () => {
    await expect(a.bus.publish('Chat; drop', 'x')).rejects.toThrow(/bad channel/);
    expect(() => b.bus.subscribe('', () => {})).toThrow(/bad channel/);
  });

  it(`${transport.name}: a receiver whose connection drops says so (not ready), comes back by itself and hears again`, async () => {
    const statuses: boolean[] = [];
    const offStatus = b.bus.onStatus((up) => statuses.push(up));
    const onB = collect(b.bus, 'after');
    await transport.cut(1);
    await vi.waitFor(() => expect(statuses).toContain(false), { timeout: 10_000 });
    await vi.waitFor(() => expect(b.bus.ready()).toBe(true), { timeout: 15_000, interval: 20 });
    expect(statuses).toEqual([false, true]);
    expect(a.bus.ready()).toBe(true); // the other instance was never cut
    await a.bus.publish('after', 'heard again');
    await arrives(onB.got, 'heard again');
    // Logged once for the outage, once for its end.
    const lines = b.log.lines.map((line) => line.msg);
    expect(lines.filter((msg) => msg?.startsWith('event bus down'))).toHaveLength(1);
    expect(lines.filter((msg) => msg?.startsWith('event bus back'))).toHaveLength(1);
    offStatus();
    onB.stop();
  });

  it(`${transport.name}: a closed bus is not ready and refuses to publish`, async () => {
    await a.bus.close();
    expect(a.bus.ready()).toBe(false);
    await expect(a.bus.publish('chat', 'late')).rejects.toThrow(/closed/);
  });
});
