/**
 * Favourite pairs (docs/decisions/0060-markets-and-charts.md): each user keeps their own list on the
 * server; an unknown symbol is refused and changes nothing; a list is capped at FAVOURITES_MAX; another
 * user's list is never visible and never changed by a stranger's calls.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFavourites } from '../../src/server/modules/favourites/schema.js';
import { FAVOURITES_MAX, FAVOURITES_MSG } from '../../src/shared/api/favourites.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (user: TestUser) => call(t, 'GET', '/api-v1/favourites/', { token: user.token });
const add = (user: TestUser, symbol: string) => call(t, 'PUT', `/api-v1/favourites/${symbol}/`, { token: user.token });
const remove = (user: TestUser, symbol: string) =>
  call(t, 'DELETE', `/api-v1/favourites/${symbol}/`, { token: user.token });
const rows = (user: TestUser) => t.db.select().from(userFavourites).where(eq(userFavourites.userId, user.id));

describe('favourites', () => {
  it('adds, lists in the order added, removes, and is idempotent both ways', async () => {
    const user = await createUser(t);
    expect((await list(user)).body).toEqual({ symbols: [] });
    expect((await add(user, 'ETHUSDT')).body).toEqual({ symbols: ['ETHUSDT'] });
    expect((await add(user, 'btcusdt')).body).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect((await add(user, 'ETHUSDT')).body).toEqual({ symbols: ['ETHUSDT', 'BTCUSDT'] });
    expect((await remove(user, 'ETHUSDT')).body).toEqual({ symbols: ['BTCUSDT'] });
    expect((await remove(user, 'ETHUSDT')).body).toEqual({ symbols: ['BTCUSDT'] });
    expect((await list(user)).body).toEqual({ symbols: ['BTCUSDT'] });
  });

  it('refuses a symbol the market does not quote, or not a symbol at all, and keeps nothing', async () => {
    const user = await createUser(t);
    for (const symbol of ['NOPEUSDT', 'X', '%3Cscript%3E', 'A'.repeat(40)]) {
      const answer = await add(user, symbol);
      expect(answer.status, symbol).toBe(400);
      expect(answer.body.error).toBe(FAVOURITES_MSG.unknownSymbol);
      expect(answer.body.code).toBe('favourites.unknownSymbol');
    }
    expect(await rows(user)).toEqual([]);
  });

  it(`keeps at most ${FAVOURITES_MAX} per user, also when the adds race`, async () => {
    const user = await createUser(t);
    await t.db
      .insert(userFavourites)
      .values(Array.from({ length: FAVOURITES_MAX - 1 }, (_, i) => ({ userId: user.id, symbol: `OLD${i}USDT` })));
    const answers = await Promise.all([add(user, 'BTCUSDT'), add(user, 'ETHUSDT')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.error).toBe(FAVOURITES_MSG.tooMany);
    expect(await rows(user)).toHaveLength(FAVOURITES_MAX);
    // Removing one makes room again.
    await remove(user, 'OLD0USDT');
    expect((await add(user, 'ETHUSDT')).status).toBe(200);
  });

  it("attack: another user's list is neither read nor changed by a stranger's calls", async () => {
    const [victim, attacker] = await Promise.all([createUser(t), createUser(t)]);
    await add(victim, 'BTCUSDT');
    // The attacker reads their own (empty) list, and removing the victim's symbol touches only their own.
    expect((await list(attacker)).body).toEqual({ symbols: [] });
    expect((await remove(attacker, 'BTCUSDT')).body).toEqual({ symbols: [] });
    expect((await add(attacker, 'ETHUSDT')).body).toEqual({ symbols: ['ETHUSDT'] });
    expect((await list(victim)).body).toEqual({ symbols: ['BTCUSDT'] });
    // No token: nothing at all.
    for (const [method, url] of [
      ['GET', '/api-v1/favourites/'],
      ['PUT', '/api-v1/favourites/BTCUSDT/'],
      ['DELETE', '/api-v1/favourites/BTCUSDT/'],
    ] as const)
      expect((await call(t, method, url)).status, `${method} ${url}`).toBe(401);
    expect(await rows(victim)).toHaveLength(1);
  });
});
