/**
 * Account locks (docs/decisions/0024-withdrawal-protection.md), counted per account in PostgreSQL whatever address the attempts come
 * from: wrong login passwords lock sign-in; wrong second factors at sign-in lock sign-in too, with a
 * count of their own (docs/decisions/0046-sign-in-code-lock.md); wrong transaction passwords and
 * wrong 2FA codes of sensitive actions lock withdrawals; a password change or reset, 2FA turned off
 * or a transaction password change start a 24-hour withdrawal cooldown. Figures: LOCK_RULES and
 * WITHDRAWAL_COOLDOWN_MS (shared/api/protection.ts), docs/security.md "## Locks".
 *
 * - A lock or cooldown is one row of `account_locks` per (user, reason) with its end time; a
 *   refusal names the latest end among the scope's rows (423 Locked, docs/decisions/0024).
 * - Failures are rows of `security_failures`. Counting and starting the lock run in one
 *   transaction under a per-(user, counter) advisory lock, so parallel wrong attempts (from any
 *   number of addresses or instances) are counted one after the other and start one lock, one mail.
 * - Failures made while a lock is on do not count toward the next one (only those after the lock
 *   started do), so a lock does not start again the moment it ends.
 * - A lock ends no API keys: anyone who knows an email (or a password) can start one, so it is no
 *   sign that the keys are in the wrong hands (docs/decisions/0046-sign-in-code-lock.md).
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  LOCK_RULES,
  lockedMessage,
  WITHDRAWAL_COOLDOWN_MS,
  lockTime,
  type AccountLock,
  type LockReason,
  type LockScope,
} from '../../../shared/api/protection.js';
import { fillText } from '../../../shared/api/notifications.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { accountLocks, securityFailures } from './schema.js';
import { AppError } from '../../errors.js';
import { notificationTextIn } from '../notifications/index.js';

export type { LockScope };
/** `sign-in-code`: a wrong TOTP, recovery code or passkey at sign-in's second step; `two-factor`: at a sensitive action. */
export type FailureKind = 'login-password' | 'sign-in-code' | 'transaction-password' | 'two-factor';
export type CooldownReason = 'password-changed' | 'two-factor-disabled' | 'transaction-password-changed';

type LockContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'> & Partial<Pick<AppContext, 'log'>>;

/** The reasons of the locks that wrong tries start (the others are cooldowns). */
type FailureReason = Extract<LockReason, 'wrong-passwords' | 'wrong-sign-in-codes' | 'wrong-codes'>;
/** One count of failures: the kinds counted together, the rule, the scope it locks and the lock's reason. */
interface Counter {
  rule: keyof typeof LOCK_RULES;
  kinds: FailureKind[];
  scope: LockScope;
  reason: FailureReason;
}
const PASSWORDS: Counter = { rule: 'sign-in', kinds: ['login-password'], scope: 'sign-in', reason: 'wrong-passwords' };
const SIGN_IN_CODES: Counter = {
  rule: 'sign-in-codes',
  kinds: ['sign-in-code'],
  scope: 'sign-in',
  reason: 'wrong-sign-in-codes',
};
const ACTIONS: Counter = {
  rule: 'withdrawal',
  kinds: ['transaction-password', 'two-factor'],
  scope: 'withdrawal',
  reason: 'wrong-codes',
};
/** Which count a failure goes to. */
const COUNTER_OF: Record<FailureKind, Counter> = {
  'login-password': PASSWORDS,
  'sign-in-code': SIGN_IN_CODES,
  'transaction-password': ACTIONS,
  'two-factor': ACTIONS,
};

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
  if (lock) throw new AppError(423, lockedMessage(scope, new Date(lock.until), lock.reason));
}

/** Counts a wrong password or code; locks the scope and mails the user when the count reaches the limit. */
export async function recordFailure(ctx: LockContext, userId: number, kind: FailureKind): Promise<void> {
  const counter = COUNTER_OF[kind];
  const { scope, reason } = counter;
  const rule = LOCK_RULES[counter.rule];
  const now = ctx.clock.now();
  const lockedUntil = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lockout:${counter.rule}:${userId}`}))`);
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
          inArray(securityFailures.kind, counter.kinds),
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
    return until;
  });
  // The lock is in force whether or not its mail goes out: a mail failure is logged, and the
  // attempt is answered as it would be (401/400, or 423 from the caller's next check).
  if (lockedUntil)
    await mailLockStarted(ctx, userId, counter, lockedUntil).catch((error: unknown) =>
      ctx.log?.error({ err: error, userId, scope }, 'lock mail not sent'),
    );
}

/** The mail's first line per count: the key in NOTIFICATIONS_MSG.lockMail. */
const LOCK_MAIL_WHAT: Record<FailureReason, string> = {
  'wrong-passwords': 'wrongPasswords',
  'wrong-sign-in-codes': 'wrongSignInCodes',
  'wrong-codes': 'wrongCodes',
};

/** Mails the lock in the user's language (users.language; NOTIFICATIONS_MSG.lockMail, docs/decisions/0044). */
async function mailLockStarted(ctx: LockContext, userId: number, counter: Counter, until: Date) {
  const [user] = await ctx.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const text = notificationTextIn(user.language);
  const line = (key: string, params: Record<string, string> = {}) => fillText(text(`lockMail.${key}`) ?? '', params);
  const rule = LOCK_RULES[counter.rule];
  const what = line(LOCK_MAIL_WHAT[counter.reason], {
    limit: String(rule.limit),
    minutes: String(rule.windowMs / 60_000),
    until: lockTime(until),
  });
  // Wrong codes after the right password: whoever typed them knows it, so the first step is a new one.
  const notYou = counter.reason === 'wrong-sign-in-codes' ? 'notYouKnowsPassword' : 'notYou';
  await ctx.mailer.send({
    to: user.email,
    subject: line(counter.scope === 'sign-in' ? 'signInSubject' : 'withdrawalSubject'),
    text: [what, '', line('ifYou'), line(notYou)].join('\n'),
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
