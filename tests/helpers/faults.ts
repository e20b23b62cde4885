/** Database faults on purpose: a table that refuses new rows, as a full disk or a broken trigger would. */
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.js';

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
