/**
 * Database faults on purpose: a table that refuses new rows, as a full disk or a broken trigger
 * would; a stream of transfers to run while the database goes away, and what must hold after.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactions } from '../../src/server/db/schema.js';
import { DATABASE_UNAVAILABLE } from '../../src/server/errors.js';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import type { TestApp } from './app.js';
import { balanceOf } from './money.js';
import { call, type TestUser } from './users.js';

/**
 * Until the returned `restore` runs, every insert into `table` fails with `message` (a trigger
 * raising an exception), so the code under test meets a real internal database error.
 */
export async function refuseInserts(t: TestApp, table: string, message: string): Promise<() => Promise<void>> {
  const name = sql.identifier(`refuse_${table}`);
  await t.db.execute(sql`
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin raise exception '${sql.raw(message.replaceAll("'", "''"))}'; end $$`);
  await t.db.execute(sql`create trigger ${name} before insert on ${sql.identifier(table)}
    for each row execute function ${name}()`);
  return async () => {
    await t.db.execute(sql`drop trigger if exists ${name} on ${sql.identifier(table)}`);
  };
}

/** Poll `probe` until it gives a value (not undefined), or fail after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A stream of 1 USDT transfers (funding to lever) by `clients` clients at once, each retrying a 503
 * with the same Idempotency-Key until it is acknowledged (201), as the web app does; any other
 * answer stops that client and is reported by `wrong`. For tests that take the database away.
 */
export function transferStream(t: TestApp, user: TestUser, clients = 4) {
  const answers: { status: number; body: unknown; at: number }[] = [];
  const acknowledged = new Set<number>();
  let stopped = false;
  let next = 0;
  const client = async () => {
    while (!stopped) {
      const key = `stream-${next++}`;
      for (;;) {
        const answer = await call(t, 'POST', '/api-v1/transfer-to-wallet/', {
          token: user.token,
          headers: { 'idempotency-key': key },
          body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '1', all_amount: false },
        });
        answers.push({ status: answer.status, body: answer.body, at: Date.now() });
        if (answer.status === 201) {
          acknowledged.add(answer.body.transaction.transaction_id);
          break;
        }
        if (answer.status !== 503) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const running = Array.from({ length: clients }, client);
  const wrong = () => answers.find((a) => a.status !== 201 && a.status !== 503);
  return {
    answers,
    acknowledged,
    wrong,
    /** Wait for `count` more acknowledged transfers; fails at once on an answer that is neither 201 nor 503. */
    async more(count: number, ms = 30_000) {
      const target = acknowledged.size + count;
      await until(
        `${count} more transfers`,
        () => {
          const bad = wrong();
          if (bad) throw new Error(`a transfer was answered ${bad.status} ${JSON.stringify(bad.body)}`);
          return acknowledged.size >= target ? true : undefined;
        },
        ms,
      );
    },
    /** When the first transfer after `time` was acknowledged (0: none yet). */
    servedAfter: (time: number) => answers.find((a) => a.status === 201 && a.at > time)?.at ?? 0,
    async stop() {
      stopped = true;
      await Promise.allSettled(running);
    },
  };
}

/**
 * After a stream: every answer was 201 or 503 `{error}` (never 500), some were 503, and every
 * acknowledged transfer is in the database exactly once (no retry applied twice, none lost),
 * nothing else moved, and the ledger check is clean.
 */
export async function expectStreamSurvived(t: TestApp, user: TestUser, stream: ReturnType<typeof transferStream>) {
  expect(stream.wrong()).toBeUndefined();
  const refused = stream.answers.filter((a) => a.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused)
    expect(answer.body).toEqual({ error: DATABASE_UNAVAILABLE.text, code: 'server.unavailable' });
  const rows = await t.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'transfer')));
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  expect(sorted(rows.map((r) => r.id))).toEqual(sorted(stream.acknowledged));
  expect(await balanceOf(t, user, 'lever', 'USDT')).toBe(String(stream.acknowledged.size));
  expect((await checkLedger(t.db)).mismatches).toEqual([]);
}
