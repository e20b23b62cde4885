/**
 * Account locks (issue 16), counted per account in PostgreSQL whatever address the attempts come
 * from: wrong login passwords lock sign-in; wrong transaction passwords and wrong 2FA codes lock
 * withdrawals; a password change or reset, 2FA turned off or a transaction password change start a
 * 24-hour withdrawal cooldown. Figures: LOCK_RULES and WITHDRAWAL_COOLDOWN_MS (shared/api/protection.ts),
 * docs/security.md "## Locks".
 *
 * - A lock or cooldown is one row of `account_locks` per (user, reason) with its end time; a
 *   refusal names the latest end among the scope's rows (423 Locked, docs/decisions/0024).
 * - Failures are rows of `security_failures`. Counting and starting the lock run in one
 *   transaction under a per-(user, scope) advisory lock, so parallel wrong attempts (from any
 *   number of addresses or instances) are counted one after the other and start one lock, one mail.
 * - Failures made while a lock is on do not count toward the next one (only those after the lock
 *   started do), so a lock does not start again the moment it ends.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  LOCK_RULES,
  PROTECTION_MSG,
  WITHDRAWAL_COOLDOWN_MS,
  lockTime,
  type AccountLock,
  type LockReason,
} from '../../../shared/api/protection.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { accountLocks, securityFailures, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { endApiKeys } from '../api-keys/index.js';

export type LockScope = 'sign-in' | 'withdrawal';
export type FailureKind = 'login-password' | 'transaction-password' | 'two-factor';
export type CooldownReason = 'password-changed' | 'two-factor-disabled' | 'transaction-password-changed';

type LockContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'> & Partial<Pick<AppContext, 'log'>>;

/** Which scope a failure counts toward, the kinds counted together there, and the reason of its lock. */
const FAILURE_SCOPE: Record<FailureKind, LockScope> = {
  'login-password': 'sign-in',
  'transaction-password': 'withdrawal',
  'two-factor': 'withdrawal',
};
const SCOPE_KINDS: Record<LockScope, FailureKind[]> = {
  'sign-in': ['login-password'],
  withdrawal: ['transaction-password', 'two-factor'],
};
const FAILURE_REASON: Record<LockScope, LockReason> = { 'sign-in': 'wrong-passwords', withdrawal: 'wrong-codes' };

/** The locks and cooldowns in force for the user now, the longest first. */
export async function activeLocks(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: number,
  scope?: LockScope,
): Promise<AccountLock[]> {
  const rows = await ctx.db
    .select()
    .from(accountLocks)
    .where(
      and(
        eq(accountLocks.userId, userId),
        gt(accountLocks.lockedUntil, ctx.clock.now()),
        scope ? eq(accountLocks.scope, scope) : undefined,
      ),
    )
    .orderBy(desc(accountLocks.lockedUntil));
  return rows.map((row) => ({
    scope: row.scope,
    until: row.lockedUntil.toISOString(),
    reason: row.reason as LockReason,
  }));
}

/** Throws (423 with the time the lock ends) while the scope is locked for the user. */
export async function assertNotLocked(ctx: LockContext, userId: number, scope: LockScope): Promise<void> {
  const [lock] = await activeLocks(ctx, userId, scope);
  if (lock) throw new AppError(423, PROTECTION_MSG.locked(scope, new Date(lock.until), lock.reason));
}

/** Counts a wrong password or code; locks the scope and mails the user when the count reaches the limit. */
export async function recordFailure(ctx: LockContext, userId: number, kind: FailureKind): Promise<void> {
  const scope = FAILURE_SCOPE[kind];
  const rule = LOCK_RULES[scope];
  const reason = FAILURE_REASON[scope];
  const now = ctx.clock.now();
  const lockedUntil = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockout:${scope}:${userId}`}))`);
    await tx.insert(securityFailures).values({ userId, kind, createdAt: now });
    const [lock] = await tx
      .select()
      .from(accountLocks)
      .where(and(eq(accountLocks.userId, userId), eq(accountLocks.reason, reason)));
    if (lock && lock.lockedUntil > now) return null; // already locked: no second lock, no second mail
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const since = lock && lock.createdAt > windowStart ? lock.createdAt : windowStart;
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(securityFailures)
      .where(
        and(
          eq(securityFailures.userId, userId),
          inArray(securityFailures.kind, SCOPE_KINDS[scope]),
          gt(securityFailures.createdAt, since),
        ),
      );
    if ((counted?.n ?? 0) < rule.limit) return null;
    const until = new Date(now.getTime() + rule.lockMs);
    await tx
      .insert(accountLocks)
      .values({ userId, reason, scope, lockedUntil: until, createdAt: now })
      .onConflictDoUpdate({
        target: [accountLocks.userId, accountLocks.reason],
        set: { lockedUntil: until, createdAt: now },
      });
    // A locked account's API keys end with the lock, for good (docs/security.md "API keys").
    await endApiKeys(tx, now, userId, 'account-locked');
    return until;
  });
  // The lock is in force whether or not its mail goes out: a mail failure is logged, and the
  // attempt is answered as it would be (401/400, or 423 from the caller's next check).
  if (lockedUntil)
    await mailLockStarted(ctx, userId, scope, lockedUntil).catch((error: unknown) =>
      ctx.log?.error({ err: error, userId, scope }, 'lock mail not sent'),
    );
}

async function mailLockStarted(ctx: LockContext, userId: number, scope: LockScope, until: Date) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const rule = LOCK_RULES[scope];
  const minutes = rule.windowMs / 60_000;
  const what =
    scope === 'sign-in'
      ? `${rule.limit} wrong passwords were entered for your Coinfront account within ${minutes} minutes, so sign-in is locked until ${lockTime(until)}.`
      : `${rule.limit} wrong transaction passwords or two-factor codes were entered for your Coinfront account within ${minutes} minutes, so withdrawals are locked until ${lockTime(until)}.`;
  await ctx.mailer.send({
    to: user.email,
    subject: scope === 'sign-in' ? 'Coinfront sign-in locked' : 'Coinfront withdrawals locked',
    text: [
      what,
      '',
      'If this was you, wait until then and try again.',
      "If this wasn't you, someone may be trying to get into your account: once the lock ends, change your login password and transaction password, turn on two-factor authentication in the Safety Center, and contact support.",
    ].join('\n'),
  });
}

/** Starts (or extends) the 24-hour withdrawal cooldown; `db` may be a transaction. */
export async function startWithdrawalCooldown(
  db: Queryable,
  ctx: Pick<AppContext, 'clock'>,
  userId: number,
  reason: CooldownReason,
): Promise<void> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + WITHDRAWAL_COOLDOWN_MS);
  await db
    .insert(accountLocks)
    .values({ userId, reason, scope: 'withdrawal', lockedUntil: until, createdAt: now })
    .onConflictDoUpdate({
      target: [accountLocks.userId, accountLocks.reason],
      set: { lockedUntil: sql`greatest(${accountLocks.lockedUntil}, excluded.locked_until)`, createdAt: now },
    });
}
