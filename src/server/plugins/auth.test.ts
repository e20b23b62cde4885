import { describe, expect, it } from 'vitest';
import { createUserCache, type AuthUser } from './auth.js';

const row = (tokenVersion: number): AuthUser => ({
  id: 7,
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  uniqueid: '12345678',
  isAdmin: false,
  tokenVersion,
});

/** A database read the test finishes by hand, to interleave it with notifications. */
function controlledReads() {
  const pending: ((value: AuthUser) => void)[] = [];
  let reads = 0;
  return {
    read: () => {
      reads++;
      return new Promise<AuthUser>((resolve) => pending.push(resolve));
    },
    finish: (value: AuthUser) => pending.shift()!(value),
    count: () => reads,
  };
}

describe('remembered sign-in rows', () => {
  it('are read once while trusted, and every time while not', async () => {
    const db = controlledReads();
    const cache = createUserCache(db.read);
    const first = cache.get(7, 0);
    db.finish(row(0));
    await first;
    const second = cache.get(7, 0);
    db.finish(row(0));
    await second;
    expect(db.count()).toBe(2); // not trusted yet: nothing remembered

    cache.trust();
    const third = cache.get(7, 0);
    db.finish(row(0));
    await third;
    expect(await cache.get(7, 0)).toEqual(row(0));
    expect(db.count()).toBe(3);

    cache.distrust();
    const fourth = cache.get(7, 0);
    db.finish(row(0));
    await fourth;
    expect(db.count()).toBe(4);
  });

  it('do not keep a read that overlapped a change: it may predate it', async () => {
    const db = controlledReads();
    const cache = createUserCache(db.read);
    cache.trust();
    const stale = cache.get(7, 0);
    cache.forget(7); // the notification of a logout arrives while the read is on its way
    db.finish(row(0));
    expect(await stale).toEqual(row(0));
    const fresh = cache.get(7, 0);
    expect(db.count()).toBe(2);
    db.finish(row(1));
    expect(await fresh).toEqual(row(1));
  });

  it('do not keep a read that overlapped the connection going down and up', async () => {
    const db = controlledReads();
    const cache = createUserCache(db.read);
    cache.trust();
    const read = cache.get(7, 0);
    cache.distrust();
    cache.trust();
    db.finish(row(0));
    await read;
    void cache.get(7, 0);
    expect(db.count()).toBe(2);
  });

  it('read again for a token newer than the remembered row (changed elsewhere, not yet notified)', async () => {
    const db = controlledReads();
    const cache = createUserCache(db.read);
    cache.trust();
    const first = cache.get(7, 0);
    db.finish(row(0));
    await first;
    const newer = cache.get(7, 1);
    expect(db.count()).toBe(2);
    db.finish(row(1));
    expect(await newer).toEqual(row(1));
    // An older token meets the newer row and is refused by the guard's comparison.
    expect((await cache.get(7, 0))?.tokenVersion).toBe(1);
    expect(db.count()).toBe(2);
  });
});
