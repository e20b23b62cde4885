/**
 * Staff bootstrap (docs/architecture.md section 2): every start applies ADMIN_EMAIL / ADMIN_PASSWORD.
 * The first start creates the staff account, a later start keeps it as it is, and a changed
 * ADMIN_PASSWORD replaces the password and ends every token issued under the old one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.js';
import { ensureAdmin } from '../../src/server/modules/auth/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, logIn, signUp, uniqueEmail } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A server start with these settings; returns what it printed. */
async function start(env: { email?: string; password?: string }): Promise<string[]> {
  const printed: string[] = [];
  await ensureAdmin({ db: t.db, config: { ...t.config, adminEmail: env.email, adminPassword: env.password } }, (line) =>
    printed.push(line),
  );
  return printed;
}

const staffQueue = (token: string) => call(t, 'GET', '/api-v3/admin/pending-transactions/', { token });
const login = (email: string, password: string) => call(t, 'POST', '/api-v1/login/', { body: { email, password } });

describe('the staff account from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  const email = uniqueEmail('ops');

  it('is created on the first start, as staff, and nothing secret is printed', async () => {
    expect(await start({ email, password: 'first admin pass 1' })).toEqual([]);
    const admin = await logIn(t, email, 'first admin pass 1');
    expect((await staffQueue(admin.token)).status).toBe(200);
  });

  it('is kept as it is on a second start: same account, same password, tokens still valid', async () => {
    const before = await logIn(t, email, 'first admin pass 1');
    expect(await start({ email, password: 'first admin pass 1' })).toEqual([]);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: before.id }]);
    expect((await staffQueue(before.token)).status).toBe(200);
    expect((await login(email, 'first admin pass 1')).status).toBe(200);
  });

  it('takes a changed ADMIN_PASSWORD: the old password and the tokens issued under it stop working', async () => {
    const before = await logIn(t, email, 'first admin pass 1');
    await start({ email, password: 'second admin pass 2' });

    expect((await login(email, 'first admin pass 1')).status).toBe(401);
    expect((await staffQueue(before.token)).status).toBe(401);
    const after = await logIn(t, email, 'second admin pass 2');
    expect(after.id).toBe(before.id);
    expect((await staffQueue(after.token)).status).toBe(200);
  });

  it('makes an existing trader with that email staff', async () => {
    const trader = await signUp(t, { email: uniqueEmail('promoted'), password: 'trader pass 1' });
    expect((await staffQueue(trader.token)).status).toBe(403);
    await start({ email: trader.email, password: 'trader pass 1' });
    const again = await logIn(t, trader.email, 'trader pass 1');
    expect((await staffQueue(again.token)).status).toBe(200);
  });
});

describe('with neither variable set', () => {
  it('creates admin@coinfront.local once when no staff exists, printing its random password once', async () => {
    const empty = await createTestApp();
    try {
      const starts = async () => {
        const printed: string[] = [];
        await ensureAdmin(
          { db: empty.db, config: { ...empty.config, adminEmail: undefined, adminPassword: undefined } },
          (l) => printed.push(l),
        );
        return printed;
      };
      const [line, ...rest] = await starts();
      expect(rest).toEqual([]);
      const password = line?.match(/admin@coinfront\.local with password (\S+) /)?.[1];
      expect(password).toBeDefined();
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api-v1/login/',
        payload: { email: 'admin@coinfront.local', password },
      });
      expect(res.statusCode).toBe(200);
      expect(await starts()).toEqual([]); // a staff account exists: nothing new, nothing printed
    } finally {
      await empty.close();
    }
  });
});
