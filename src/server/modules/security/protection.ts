/**
 * Withdrawal protection and the anti-phishing code (docs/security.md "## Withdrawal
 * protection and anti-phishing"): the address book, the whitelist switch, the anti-phishing code and
 * the Safety Center's status of them and of the locks.
 *
 * Confirming a change: with 2FA on, requireSecondFactor (second-factor.ts) with the request's code
 * as `two_factor_code` (or its passkey assertion); with 2FA off, the emailed security code of
 * `POST /api-v1/transcation-password-otp/`, used up like update-password does.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import {
  ADDRESS_BOOK_MAX,
  PROTECTION_MSG,
  maskAntiPhishingCode,
  type AntiPhishingCodeBody,
  type SecurityStatus,
  type WithdrawalAddress,
  type WithdrawalAddressBody,
  type WithdrawalWhitelistBody,
} from '../../../shared/api/protection.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { userSecuritySettings, withdrawalAddresses } from './schema.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { activeLocks } from './lockouts.js';
import { secondFactorMethods } from './factors.js';
import { createOtpService } from './otp.js';
import { requireSecondFactor } from './second-factor.js';
import { msg } from '../../../shared/message.js';

type ProtectionContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;

type AddressRow = typeof withdrawalAddresses.$inferSelect;
const toAddress = (row: AddressRow): WithdrawalAddress => ({
  id: row.id,
  address: row.address,
  currency: row.currency,
  label: row.label,
  created_at: row.createdAt.toISOString(),
});

async function settingsOf(db: Queryable, userId: number) {
  const [row] = await db.select().from(userSecuritySettings).where(eq(userSecuritySettings.userId, userId));
  return { whitelistEnabled: row?.whitelistEnabled ?? false, antiPhishingCode: row?.antiPhishingCode ?? null };
}

/**
 * Refuses (400) a withdrawal to an address outside the user's address book (same currency) while
 * the whitelist is on. Addresses compare exactly: some networks' addresses are case-sensitive.
 */
export async function assertWithdrawalAddressAllowed(db: Queryable, userId: number, currency: string, address: string) {
  if (!(await settingsOf(db, userId)).whitelistEnabled) return;
  const [saved] = await db
    .select({ id: withdrawalAddresses.id })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, userId),
        eq(withdrawalAddresses.currency, currency),
        eq(withdrawalAddresses.address, address),
      ),
    );
  if (!saved)
    throw badRequest(msg(PROTECTION_MSG, 'notWhitelisted'), { address: msg(PROTECTION_MSG, 'notWhitelisted') });
}

/** The anti-phishing code of the account with this email, for the mail layer (anti-phishing-mail.ts). */
export async function antiPhishingCodeOf(
  db: Queryable,
  email: string,
): Promise<{ code: string; language: string } | null> {
  const [row] = await db
    .select({ code: userSecuritySettings.antiPhishingCode, language: users.language })
    .from(userSecuritySettings)
    .innerJoin(users, eq(users.id, userSecuritySettings.userId))
    .where(eq(users.email, email.toLowerCase()));
  return row?.code ? { code: row.code, language: row.language } : null;
}

/**
 * Confirms a sensitive change: the second factor when 2FA is on, else the emailed security code.
 * Also creating an API key (modules/api-keys).
 */
export async function confirmSensitiveChange(
  ctx: ProtectionContext,
  userId: number,
  code: string | undefined,
  passkey: Record<string, unknown> | undefined,
) {
  if ((await secondFactorMethods(ctx.db, userId)).length > 0) {
    await requireSecondFactor(ctx, userId, { two_factor_code: code, ...(passkey ? { passkey } : {}) });
    return;
  }
  if (!code) throw badRequest(msg(PROTECTION_MSG, 'enterCode'), { code: msg(PROTECTION_MSG, 'enterCode') });
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  await createOtpService(ctx).consume(user.email, 'security', code);
}

export function createProtectionService(ctx: ProtectionContext) {
  const confirm = (userId: number, code: string | undefined, passkey: Record<string, unknown> | undefined) =>
    confirmSensitiveChange(ctx, userId, code, passkey);

  return {
    async listAddresses(userId: number): Promise<WithdrawalAddress[]> {
      const rows = await ctx.db
        .select()
        .from(withdrawalAddresses)
        .where(eq(withdrawalAddresses.userId, userId))
        .orderBy(asc(withdrawalAddresses.id));
      return rows.map(toAddress);
    },

    async addAddress(userId: number, body: WithdrawalAddressBody): Promise<WithdrawalAddress> {
      const [saved] = await ctx.db
        .select({ n: count() })
        .from(withdrawalAddresses)
        .where(eq(withdrawalAddresses.userId, userId));
      if ((saved?.n ?? 0) >= ADDRESS_BOOK_MAX) throw conflict(msg(PROTECTION_MSG, 'tooManyAddresses'));
      await confirm(userId, body.code, body.passkey);
      try {
        const [row] = await ctx.db
          .insert(withdrawalAddresses)
          .values({
            userId,
            currency: body.currency,
            address: body.address,
            label: body.label,
            createdAt: ctx.clock.now(),
          })
          .returning();
        return toAddress(row!);
      } catch (error) {
        if (isUniqueViolation(error, 'withdrawal_addresses_user_address_key'))
          throw conflict(msg(PROTECTION_MSG, 'addressExists'));
        throw error;
      }
    },

    /** Another user's address answers 404, as if it did not exist. */
    async deleteAddress(userId: number, id: number) {
      const deleted = await ctx.db
        .delete(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
        .returning({ id: withdrawalAddresses.id });
      if (deleted.length === 0) throw notFound(msg(PROTECTION_MSG, 'addressNotFound'));
      return { message: PROTECTION_MSG.addressDeleted };
    },

    /** Turning the whitelist on tightens and needs nothing more; turning it off needs the code. */
    async setWhitelist(userId: number, body: WithdrawalWhitelistBody) {
      if (!body.enabled) await confirm(userId, body.code, body.passkey);
      const now = ctx.clock.now();
      await ctx.db
        .insert(userSecuritySettings)
        .values({ userId, whitelistEnabled: body.enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: userSecuritySettings.userId,
          set: { whitelistEnabled: body.enabled, updatedAt: now },
        });
      return {
        message: body.enabled ? PROTECTION_MSG.whitelistOn : PROTECTION_MSG.whitelistOff,
        whitelist_enabled: body.enabled,
      };
    },

    async setAntiPhishingCode(userId: number, body: AntiPhishingCodeBody) {
      await requireSecondFactor(ctx, userId, {
        two_factor_code: body.two_factor_code,
        ...(body.passkey ? { passkey: body.passkey } : {}),
      });
      const now = ctx.clock.now();
      await ctx.db
        .insert(userSecuritySettings)
        .values({ userId, antiPhishingCode: body.code, updatedAt: now })
        .onConflictDoUpdate({
          target: userSecuritySettings.userId,
          set: { antiPhishingCode: body.code, updatedAt: now },
        });
      return { message: PROTECTION_MSG.antiPhishingSaved, anti_phishing_code: maskAntiPhishingCode(body.code) };
    },

    async status(userId: number): Promise<SecurityStatus> {
      const settings = await settingsOf(ctx.db, userId);
      return {
        whitelist_enabled: settings.whitelistEnabled,
        anti_phishing_code: settings.antiPhishingCode ? maskAntiPhishingCode(settings.antiPhishingCode) : null,
        locks: await activeLocks(ctx, userId),
      };
    },
  };
}
