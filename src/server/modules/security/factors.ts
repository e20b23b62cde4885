/**
 * Which second factors a user has on, and the record of a change to them (docs/decisions/
 * 0045-second-factor-guards-itself.md): below the passkey and TOTP services that make the changes
 * and the checks (second-factor.ts) that ask which factors to check.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TEXT } from '../../../shared/api/notifications.js';
import type { AppContext } from '../../context.js';
import type { Queryable, Tx } from '../../db/database.js';
import { passkeys } from './schema.js';
import { mailNotifications, notify } from '../notifications/index.js';
import { hasTotp } from './two-factor.js';

async function hasPasskeys(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

export type SecondFactorMethod = 'totp' | 'passkey';

/** The second factors the user has on; empty when 2FA is off. */
export async function secondFactorMethods(db: Queryable, userId: number): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (await hasTotp(db, userId)) methods.push('totp');
  if (await hasPasskeys(db, userId)) methods.push('passkey');
  return methods;
}

export type SecondFactorChange =
  | { kind: 'passkey_added' | 'passkey_removed'; name: string }
  | { kind: 'two_factor_enabled' | 'two_factor_disabled' | 'recovery_codes_renewed' };

const changeText = (change: SecondFactorChange) => {
  switch (change.kind) {
    case 'passkey_added':
      return NOTIFICATION_TEXT.passkeyAdded(change.name);
    case 'passkey_removed':
      return NOTIFICATION_TEXT.passkeyRemoved(change.name);
    case 'two_factor_enabled':
      return NOTIFICATION_TEXT.twoFactorEnabled();
    case 'two_factor_disabled':
      return NOTIFICATION_TEXT.twoFactorDisabled();
    case 'recovery_codes_renewed':
      return NOTIFICATION_TEXT.recoveryCodesRenewed();
  }
};

/**
 * Records an enrolment or removal of a second factor in the change's own transaction, as a
 * notification: the owner's history under the bell, and (after the commit, mailChanges) a mail in
 * their language with the anti-phishing line (docs/decisions/0045).
 */
export async function secondFactorChanged(tx: Tx, userId: number, change: SecondFactorChange): Promise<void> {
  await notify(tx, { userId, kind: change.kind, ...changeText(change) });
}

/** After the commit: mails the change (a mail that fails is retried by the notifications' own loop). */
export const mailSecondFactorChange = (ctx: Pick<AppContext, 'db' | 'mailer' | 'log'>, userId: number) =>
  mailNotifications(ctx, userId);
