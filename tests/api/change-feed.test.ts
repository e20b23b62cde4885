/** The per-process memory of rows (db/change-feed.ts) against a real PostgreSQL's NOTIFY. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangeFeed, type Remembered } from '../../src/server/db/change-feed.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

/** A read the test finishes by hand, to interleave it with notifications. */
function controlledReads() {
  const pending: ((value: string) => void)[] = [];
  let count = 0;
  return {
    read: (id: number) => {
      count++;
      return new Promise<string>((resolve) => pending.push((v) => resolve(`${id}:${v}`)));
    },
    /** Finish the oldest read in flight. */
    finish: (value: string) => pending.shift()!(value),
    /** Finish the newest read in flight. */
    finishLast: (value: string) => pending.pop()!(value),
    count: () => count,
    waiting: () => pending.length,
  };
}

let database: TestDatabase;
let feed: ChangeFeed;
let reads: ReturnType<typeof controlledReads>;
let rows: Remembered<string>;
/** What watchers were told (ChangeFeed.watch): of the remembered channel, and of one nobody remembers. */
let toldRemembered: (number | null)[] = [];
/** A channel read in batches (remember's readMany): each query the test finishes by hand. */
const batches: { ids: number[]; finish: (found: Map<number, string>) => void }[] = [];
let many: Remembered<string | undefined>;
let toldMany: (number | null)[] = [];
let toldWatched: (number | null)[] = [];

const notify = (payload: string) => database.db.execute(sql`select pg_notify('test_changed', ${payload})`);
const killListener = () =>
  database.db.execute(sql`
    select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query like 'LISTEN test_changed%'`);

/** get(), finishing its database read (if it makes one) with `value`. */
async function get(id: number, value = 'v', usable?: (v: string) => boolean) {
  const before = reads.count();
  const pending = rows.get(id, usable);
  if (reads.count() > before) reads.finishLast(value);
  return pending;
}

beforeAll(async () => {
  database = await createTestDatabase(4);
  feed = new ChangeFeed(database.db.$client);
  reads = controlledReads();
  rows = feed.remember('test_changed', reads.read, { size: 100 });
  many = feed.remember('many_changed', () => Promise.reject(new Error('read one by one')), {
    size: 100,
    readMany: (ids) => new Promise((resolve) => batches.push({ ids, finish: resolve })),
  });
  feed.watch('many_changed', (id) => toldMany.push(id));
  feed.watch('test_changed', (id) => toldRemembered.push(id));
  feed.watch('watched_only', (id) => toldWatched.push(id));
});
afterAll(async () => {
  await feed.stop();
  await database.drop();
});

describe('rows remembered until the database says they changed', () => {
  it('reads every time until the LISTEN is in place, then once', async () => {
    await get(1);
    await get(1);
    expect(reads.count()).toBe(2);
    feed.start();
    await vi.waitFor(() => expect(feed.listening()).toBe(true));
    expect(await get(1, 'a')).toBe('1:a');
    expect(await get(1, 'b')).toBe('1:a');
    expect(reads.count()).toBe(3);
  });

  it('forgets exactly the id a notification names', async () => {
    await get(2, 'a');
    await get(3, 'a');
    await notify('2');
    await vi.waitFor(async () => expect(await get(2, 'b')).toBe('2:b'));
    expect(await get(3, 'x')).toBe('3:a');
  });

  it('does not keep a read that overlapped a notification: it may predate the change', async () => {
    await get(7, 'a');
    const inFlight = rows.get(4);
    await notify('7');
    // Once 7 is read again, the notification has arrived while 4's read was still out.
    await vi.waitFor(async () => expect(await get(7, 'b')).toBe('7:b'));
    reads.finish('old');
    expect(await inFlight).toBe('4:old');
    expect(await get(4, 'new')).toBe('4:new');
  });

  it('reads again when the caller cannot use the remembered value', async () => {
    await get(5, 'a');
    expect(await get(5, 'b', (v) => v.endsWith(':b'))).toBe('5:b');
  });

  it('remembers nothing while the connection is down, and comes back', async () => {
    await get(6, 'a');
    await killListener();
    await vi.waitFor(() => expect(feed.listening()).toBe(false));
    expect(await get(6, 'b')).toBe('6:b');
    expect(await get(6, 'c')).toBe('6:c');
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 5_000 });
    expect(await get(6, 'd')).toBe('6:d');
    expect(await get(6, 'e')).toBe('6:d');
    expect(reads.waiting()).toBe(0);
  });
});

describe('watchers (pushed streams: modules/realtime/user-streams.ts)', () => {
  it('are told of each notified id, of a local forget, and of a channel nobody remembers', async () => {
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 5_000 });
    toldRemembered = [];
    toldWatched = [];
    await get(20, 'a');
    await notify('20');
    await vi.waitFor(() => expect(toldRemembered).toEqual([20]));
    expect(await get(20, 'b')).toBe('20:b');

    feed.forget('test_changed', 21);
    feed.forget('watched_only', 7);
    expect(toldRemembered).toEqual([20, 21]);
    expect(toldWatched).toEqual([7]);

    await database.db.execute(sql`select pg_notify('watched_only', '8')`);
    await vi.waitFor(() => expect(toldWatched).toEqual([7, 8]));
  });

  it('are told null (anything may have changed) when the connection goes down and when it is back', async () => {
    toldWatched = [];
    toldRemembered = [];
    await killListener();
    await vi.waitFor(() => expect(feed.listening()).toBe(false));
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 5_000 });
    expect(toldWatched).toEqual([null, null]);
    expect(toldRemembered).toEqual([null, null]);
  });
});

describe('reads of many ids at once (readMany)', () => {
  const nextBatch = async () => {
    await vi.waitFor(() => expect(batches.length).toBeGreaterThan(0));
    return batches.shift()!;
  };

  it('sends the ids asked for in one turn as one query, answers each caller, and remembers them', async () => {
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 5_000 });
    const asked = [many.get(30), many.get(31), many.get(30)];
    const batch = await nextBatch();
    expect(batch.ids.sort()).toEqual([30, 31]);
    batch.finish(
      new Map([
        [30, 'a'],
        [31, 'b'],
      ]),
    );
    expect(await Promise.all(asked)).toEqual(['a', 'b', 'a']);
    expect(await many.get(30)).toBe('a');
    expect(batches).toEqual([]);
  });

  it('answers an id the query did not find as missing, and does not remember it', async () => {
    const asked = many.get(32);
    (await nextBatch()).finish(new Map());
    expect(await asked).toBeUndefined();
    const again = many.get(32);
    (await nextBatch()).finish(new Map([[32, 'now']]));
    expect(await again).toBe('now');
  });

  it('does not keep an answer whose query overlapped a notification', async () => {
    toldMany = [];
    const asked = many.get(33);
    const batch = await nextBatch();
    await database.db.execute(sql`select pg_notify('many_changed', '33')`);
    await vi.waitFor(() => expect(toldMany).toEqual([33]));
    batch.finish(new Map([[33, 'old']]));
    expect(await asked).toBe('old');
    const fresh = many.get(33);
    (await nextBatch()).finish(new Map([[33, 'new']]));
    expect(await fresh).toBe('new');
  });

  it('fails every caller of a failed query, and remembers nothing', async () => {
    const asked = [many.get(34), many.get(35)];
    const batch = await nextBatch();
    (batch as unknown as { finish: (v: unknown) => void }).finish(Promise.reject(new Error('database away')));
    for (const one of asked) await expect(one).rejects.toThrow('database away');
    const again = many.get(34);
    (await nextBatch()).finish(new Map([[34, 'back']]));
    expect(await again).toBe('back');
  });
});
