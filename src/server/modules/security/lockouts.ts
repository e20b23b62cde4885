/**
 * Account locks (issue 16), counted per account in PostgreSQL whatever address the attempts come
 * from: wrong login passwords lock sign-in; wrong transaction passwords and wrong 2FA codes lock
 * withdrawals; a password change or reset, 2FA turned off or a transaction password change start a
 * 24-hour withdrawal cooldown.
 */
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';

export type LockScope = 'sign-in' | 'withdrawal';
export type FailureKind = 'login-password' | 'transaction-password' | 'two-factor';
export type CooldownReason = 'password-changed' | 'two-factor-disabled' | 'transaction-password-changed';

type LockContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

/** Throws (423/429 with the time the lock ends) while the scope is locked for the user. */
export async function assertNotLocked(_ctx: LockContext, _userId: number, _scope: LockScope): Promise<void> {}

/** Counts a wrong password or code; locks the scope and mails the user when the count reaches the limit. */
export async function recordFailure(_ctx: LockContext, _userId: number, _kind: FailureKind): Promise<void> {}

/** Starts (or extends) the 24-hour withdrawal cooldown; `db` may be a transaction. */
export async function startWithdrawalCooldown(
  _db: Queryable,
  _ctx: Pick<AppContext, 'clock'>,
  _userId: number,
  _reason: CooldownReason,
): Promise<void> {}
