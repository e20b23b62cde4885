/**
 * An external PostgreSQL (DATABASE_URL) stopped and started under load (docs/decisions/0016-faults.md,
 * docs/operations.md): the app answers 503 while it is down, /readyz says why, and it serves again
 * once the database is back, without a restart of the app (the pool and the LISTEN connection
 * reconnect by themselves). It stops the very server the tests use, so it runs on its own, in
 * .ci/run, which gives the pg_ctl command of that server in FAULTS_PG_CTL (e.g.
 * `runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /tmp/x/data -l /tmp/x/log -w`);
 * without it the file is skipped.
 */
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectStreamSurvived, transferStream, until } from '../helpers/faults.js';
import { grant } from '../helpers/money.js';
import { call, signUp, type TestUser } from '../helpers/users.js';

const pgCtl = process.env.FAULTS_PG_CTL;
const run = (args: string) => execSync(`${pgCtl} ${args}`, { stdio: 'pipe', timeout: 60_000 });

describe.skipIf(!pgCtl)('the external PostgreSQL stopped and started under load', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t);
    await grant(t, user, 'funding', 'USDT', '1000');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 while it is down and serves again after, with no restart of the app', async () => {
    const stream = transferStream(t, user);
    let startedAt = 0;
    try {
      await stream.more(8);
      run('stop -m fast'); // sessions end with 57P01 admin_shutdown, new ones are refused
      const down = await until('/readyz to say why', async () => {
        const answer = await call(t, 'GET', '/readyz');
        return answer.status === 503 ? answer : undefined;
      });
      expect(down.body.checks.database).toBe('unreachable');
      expect(down.body.reasons[0]).toMatch(/^the database cannot be reached \(/);
      // Down for a while under load: requests keep arriving and are refused with 503.
      const refusedBefore = stream.answers.filter((a) => a.status === 503).length;
      await until('503s while it is down', () =>
        stream.answers.filter((a) => a.status === 503).length >= refusedBefore + 10 ? true : undefined,
      );
      expect(stream.wrong()).toBeUndefined();
      run('start');
      startedAt = Date.now();
      await stream.more(8);
    } finally {
      await stream.stop();
    }
    expect(stream.servedAfter(startedAt)).toBeGreaterThan(0);
    await until('/readyz to be ready again', async () => {
      const answer = await call(t, 'GET', '/readyz');
      return answer.status === 200 || answer.body.checks?.database === 'ok' ? true : undefined;
    });
    await expectStreamSurvived(t, user, stream);
    // The LISTEN connection is back too: remembered rows are trusted again.
    await until('LISTEN to reconnect', () => (t.ctx.changes.listening() ? true : undefined));
  }, 90_000);
});
