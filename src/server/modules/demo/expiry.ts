/**
 * Demo accounts retire after DEMO_IDLE_DAYS without a request (docs/decisions/0063-demo-accounts.md): their
 * sessions end, every balance goes back to the demo house in one posting (so the ledger check still
 * balances), and `demo_ended_at` is set; the row and its history stay (nothing in the ledger is ever
 * deleted). Idle: the last request of any of its sessions (sessions.last_seen_at), or its creation when
 * it never had one. Open positions are left to close on their own; what they pay back stays on the
 * retired account, which no token opens again.
 *
 * Once across instances: each pass runs in one transaction that first takes a transaction-scoped advisory
 * lock (pg_try_advisory_xact_lock); an instance that does not get it skips the pass.
 */
import { sql } from 'drizzle-orm';
import { DEMO_IDLE_DAYS } from '../../../shared/api/demo.js';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema.js';
import { endSessions, sessionsChanged } from '../auth/index.js';
import { sweepDemo } from './service.js';

/** One app-wide key: "the demo expiry", across instances. */
const DEMO_EXPIRY_LOCK_KEY = 0x636f696e_6465; // 'coin' 'de'
/** Accounts retired per pass at most: a pass stays short; the next takes the rest. */
const PER_PASS = 200;
/** How often each instance tries a pass. */
export const DEMO_EXPIRY_EVERY_MS = 60 * 60_000;

const DAY_MS = 86_400_000;

/** One pass: retires the demo accounts idle past DEMO_IDLE_DAYS; returns how many (0 when another instance held the lock). */
export async function expireIdleDemos(ctx: Pick<AppContext, 'db' | 'clock' | 'guard'>): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - DEMO_IDLE_DAYS * DAY_MS).toISOString();
  const retired = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${DEMO_EXPIRY_LOCK_KEY}) as locked`,
    );
    if (!rows[0]?.locked) return [];
    const idle = await tx.execute<{ id: string }>(sql`
      select u.id from ${users} u
      where u.is_demo and u.demo_ended_at is null
        and coalesce((select max(s.last_seen_at) from ${sessions} s where s.user_id = u.id), u.created_at)
            < ${before}::timestamptz
      order by u.id limit ${PER_PASS}
      for update of u skip locked`);
    const ids = idle.rows.map((r) => Number(r.id));
    for (const id of ids) {
      await sweepDemo(tx, id, 'demo_expired');
      await endSessions(tx, now, id);
    }
    if (ids.length > 0) {
      await tx.execute(
        sql`update ${users} set demo_ended_at = ${now.toISOString()}::timestamptz where id = any(${sql.param(ids)}::bigint[])`,
      );
    }
    return ids;
  });
  for (const id of retired) sessionsChanged(ctx, id);
  return retired.length;
}
