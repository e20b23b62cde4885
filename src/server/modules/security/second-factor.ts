/**
 * The second factor (issue 16): which methods a user has turned on, and the check that sensitive
 * actions (withdrawals, adding a whitelist address, turning the whitelist off, changing the
 * anti-phishing code) make. With 2FA off the check passes; with it on, the request must carry a
 * valid `two_factor_code` (TOTP or recovery code) or a passkey assertion.
 */
import type { SecondFactorProof } from '../../../shared/api/security.js';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { badRequest } from '../../errors.js';
import { assertNotLocked } from './lockouts.js';
import { hasPasskeys, verifyPasskeyAssertion } from './passkeys.js';
import { consumeTwoFactorCode, hasTotp } from './two-factor.js';

export type SecondFactorMethod = 'totp' | 'passkey';

/** The second factors the user has on; empty when 2FA is off. */
export async function secondFactorMethods(db: Queryable, userId: number): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (await hasTotp(db, userId)) methods.push('totp');
  if (await hasPasskeys(db, userId)) methods.push('passkey');
  return methods;
}

/** Passes when 2FA is off or the proof is good; otherwise throws a 400 naming what is missing or wrong. */
export async function requireSecondFactor(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  userId: number,
  proof: SecondFactorProof,
): Promise<void> {
  const methods = await secondFactorMethods(ctx.db, userId);
  if (methods.length === 0) return;
  // Wrong second factors lock the actions they guard (security/lockouts.ts): no more guessing while locked.
  await assertNotLocked(ctx, userId, 'withdrawal');
  if (proof.passkey !== undefined && methods.includes('passkey')) {
    await verifyPasskeyAssertion(ctx, userId, proof.passkey);
    return;
  }
  const code = proof.two_factor_code?.trim();
  if (code && methods.includes('totp')) {
    await consumeTwoFactorCode(ctx, userId, code, 'two_factor_code');
    return;
  }
  const required = methods.includes('totp') ? TWO_FACTOR_MSG.codeRequired : TWO_FACTOR_MSG.confirmSecondFactor;
  throw badRequest(required, { two_factor_code: required });
}
