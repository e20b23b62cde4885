/**
 * The second factor (docs/security.md): which methods a user has turned on, and the check that sensitive
 * actions (withdrawals, adding a whitelist address, turning the whitelist off, changing the
 * anti-phishing code) make. With 2FA off the check passes; with it on, the request must carry a
 * valid `two_factor_code` (TOTP or recovery code) or a passkey assertion.
 *
 * Changing the second factors themselves takes more (docs/decisions/0045-second-factor-guards-itself.md):
 * requireFactorChangeProof, and each change is told to the owner (secondFactorChanged).
 */
import { eq } from 'drizzle-orm';
import { lockedMessage } from '../../../shared/api/protection.js';
import type { FactorChangeProof, SecondFactorProof } from '../../../shared/api/security.js';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { AppError, badRequest, unauthorized } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { activeLocks, assertNotLocked, recordFailure } from './lockouts.js';
import { secondFactorMethods, type SecondFactorMethod } from './factors.js';
import { createOtpService } from './otp.js';
import { verifyPasskeyAssertion } from './passkeys.js';
import { consumeTwoFactorCode } from './two-factor.js';
import { msg } from '../../../shared/message.js';

/**
 * Which lock stops a second-factor check before it looks at the proof (security/lockouts.ts): a
 * money action waits out any lock of withdrawals, a cooldown included; a change to the second
 * factors or a password reset (docs/decisions/0045) only the lock of wrong codes, so that after a
 * reset the owner can still add a passkey or reset again.
 */
export type SecondFactorGate = 'withdrawal' | 'account';

/**
 * Passes when 2FA is off or the proof is good; otherwise throws a 400 naming what is missing or wrong.
 * No more guessing while locked: the gate's lock is checked first.
 */
export async function requireSecondFactor(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  userId: number,
  proof: SecondFactorProof,
  gate: SecondFactorGate = 'withdrawal',
): Promise<void> {
  const methods = await secondFactorMethods(ctx.db, userId);
  if (methods.length === 0) return;
  if (gate === 'withdrawal') await assertNotLocked(ctx, userId, 'withdrawal');
  else await assertNoWrongCodeLock(ctx, userId);
  await checkProof(ctx, userId, proof, methods);
}

/** 423 while wrong second factors lock the account (lockouts.ts); a withdrawal cooldown does not count. */
export async function assertNoWrongCodeLock(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<void> {
  const lock = (await activeLocks(ctx, userId, 'withdrawal')).find((l) => l.reason === 'wrong-codes');
  if (lock) throw new AppError(423, lockedMessage('withdrawal', new Date(lock.until), lock.reason));
}

async function checkProof(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  userId: number,
  proof: SecondFactorProof,
  methods: SecondFactorMethod[],
): Promise<void> {
  if (proof.passkey !== undefined && methods.includes('passkey')) {
    await verifyPasskeyAssertion(ctx, userId, proof.passkey);
    return;
  }
  const code = proof.two_factor_code?.trim();
  if (code && methods.includes('totp')) {
    await consumeTwoFactorCode(ctx, userId, code, 'two_factor_code');
    return;
  }
  const required = methods.includes('totp')
    ? msg(TWO_FACTOR_MSG, 'codeRequired')
    : msg(TWO_FACTOR_MSG, 'confirmSecondFactor');
  throw badRequest(required, { two_factor_code: required });
}

/**
 * The proof that adding or removing a second factor takes (docs/decisions/0045-second-factor-guards-itself.md):
 * with one on, requireSecondFactor (a stolen session cannot swap the owner's factor for its own);
 * with none on, the login password and the emailed security code (POST /api-v1/transcation-password-otp/),
 * which a stolen bearer token alone has neither of. The code is checked first and used up, so the
 * password cannot be guessed without the mailbox; a wrong password counts toward the sign-in lock.
 */
export async function requireFactorChangeProof(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  userId: number,
  proof: FactorChangeProof,
): Promise<void> {
  if ((await secondFactorMethods(ctx.db, userId)).length > 0) {
    await requireSecondFactor(ctx, userId, proof, 'account');
    return;
  }
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthorized();
  if (!proof.password)
    throw badRequest(msg(TWO_FACTOR_MSG, 'enterPassword'), { password: msg(TWO_FACTOR_MSG, 'enterPassword') });
  const code = proof.email_code?.trim();
  if (!code)
    throw badRequest(msg(TWO_FACTOR_MSG, 'enterEmailCode'), { email_code: msg(TWO_FACTOR_MSG, 'enterEmailCode') });
  await assertNotLocked(ctx, userId, 'sign-in');
  await createOtpService(ctx).consume(user.email, 'security', code);
  if (!(await verifyPassword(proof.password, user.passwordHash))) {
    await recordFailure(ctx, userId, 'login-password');
    throw badRequest(msg(TWO_FACTOR_MSG, 'wrongPassword'), { password: msg(TWO_FACTOR_MSG, 'wrongPassword') });
  }
}
