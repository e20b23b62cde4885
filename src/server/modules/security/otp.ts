/**
 * One-time codes: 6 digits, 10 minutes, single use, 5 wrong tries void it, one new code per
 * 60 s per email and purpose. Only an HMAC of the code is stored.
 *
 * Guessing (docs/security.md): a code takes at most 5 guesses and at most 10 codes fit in its
 * 10-minute life, so at most 50 guesses per 10 minutes (5e-5 of the 10^6 codes). Left at that, a
 * patient attacker would get 7,200 guesses a day at someone's password reset; so after 20 wrong
 * codes in 24 h for an email and purpose, no code is sent or accepted for it until the day is over
 * (at most 2e-5 per day).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  OTP_DAILY_WINDOW_MS,
  OTP_DAILY_WRONG_MAX,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MS,
  OTP_TTL_MS,
} from '../../../shared/constants.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { otps } from './schema.js';
import { AUTH_MSG } from '../../../shared/api/auth.js';
import { badRequest, tooManyRequests } from '../../errors.js';
import type { MailMessage } from '../../lib/mail.js';
import { msg } from '../../../shared/message.js';

export type OtpPurpose = 'signup' | 'reset' | 'security';

const SUBJECTS: Record<OtpPurpose, string> = {
  signup: 'your Coinfront sign-up code',
  reset: 'your Coinfront password reset code',
  security: 'your Coinfront security code',
};

export const INVALID_OTP = msg(AUTH_MSG, 'invalidOtp');
export const OTP_LOCKED_FOR_TODAY = msg(AUTH_MSG, 'lockedForToday');

/** Wrong codes entered for (email, purpose) in the last 24 h, over all its codes. */
async function wrongCodesToday(db: Queryable, email: string, purpose: OtpPurpose, now: Date): Promise<number> {
  const [row] = await db
    .select({ wrong: sql<string>`coalesce(sum(${otps.attempts}), 0)` })
    .from(otps)
    .where(
      and(
        eq(otps.email, email),
        eq(otps.purpose, purpose),
        gt(otps.createdAt, new Date(now.getTime() - OTP_DAILY_WINDOW_MS)),
      ),
    );
  return Number(row?.wrong ?? 0);
}

export function createOtpService(ctx: Pick<AppContext, 'db' | 'mailer' | 'clock' | 'config'>) {
  const hash = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', ctx.config.jwtSecret).update(`${purpose}:${email}:${code}`).digest('base64url');

  return {
    /**
     * Create a code for (email, purpose); mail it when `deliver` is true. Older codes stop working.
     * Callers that must not reveal whether an account exists pass deliver=false (nothing is mailed)
     * or a mail to send instead of the code, and still get throttled alike.
     */
    async issue(email: string, purpose: OtpPurpose, deliver: boolean | MailMessage = true): Promise<void> {
      const now = ctx.clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await ctx.db.transaction(async (tx) => {
        // Serialise issuing per (email, purpose) so two parallel requests cannot both pass the throttle.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${purpose}:${email}`}))`);
        const [latest] = await tx
          .select({ createdAt: otps.createdAt })
          .from(otps)
          .where(and(eq(otps.email, email), eq(otps.purpose, purpose)))
          .orderBy(desc(otps.createdAt))
          .limit(1);
        if ((await wrongCodesToday(tx, email, purpose, now)) >= OTP_DAILY_WRONG_MAX)
          throw tooManyRequests(OTP_LOCKED_FOR_TODAY);
        if (latest && now.getTime() - latest.createdAt.getTime() < OTP_RESEND_MS) {
          const wait = Math.ceil((OTP_RESEND_MS - (now.getTime() - latest.createdAt.getTime())) / 1000);
          throw tooManyRequests(msg(AUTH_MSG, 'waitForNewCode', String(wait)));
        }
        await tx
          .update(otps)
          .set({ consumedAt: now })
          .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
        await tx.insert(otps).values({
          email,
          purpose,
          codeHash: hash(email, purpose, code),
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
          createdAt: now,
        });
      });
      if (typeof deliver === 'object') await ctx.mailer.send(deliver);
      else if (deliver) {
        await ctx.mailer.send({
          to: email,
          subject: `${code} is ${SUBJECTS[purpose]}`,
          text: `Your code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
        });
      }
    },

    /**
     * Check and use up a code. Runs in its own transaction so a wrong try is counted even though
     * the caller's operation then fails. With `keep`, a right code stays usable (a wrong one counts
     * all the same): a password reset checks it before asking for the second factor (docs/decisions/0045).
     */
    async consume(email: string, purpose: OtpPurpose, code: string, { keep = false } = {}): Promise<void> {
      const now = ctx.clock.now();
      const outcome = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(otps)
          .where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
          .orderBy(desc(otps.createdAt))
          .limit(1)
          .for('update');
        if (!row || row.expiresAt <= now) return 'invalid' as const;
        if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked' as const;
        if ((await wrongCodesToday(tx, email, purpose, now)) >= OTP_DAILY_WRONG_MAX) return 'locked-today' as const;
        const expected = Buffer.from(row.codeHash);
        const given = Buffer.from(hash(email, purpose, code));
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          const attempts = row.attempts + 1;
          await tx
            .update(otps)
            .set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { consumedAt: now } : {}) })
            .where(eq(otps.id, row.id));
          return attempts >= OTP_MAX_ATTEMPTS ? ('locked' as const) : ('invalid' as const);
        }
        if (!keep) await tx.update(otps).set({ consumedAt: now }).where(eq(otps.id, row.id));
        return 'ok' as const;
      });
      if (outcome === 'locked-today') throw tooManyRequests(OTP_LOCKED_FOR_TODAY);
      if (outcome === 'locked') throw badRequest(msg(AUTH_MSG, 'tooManyWrongCodes'), { otp: INVALID_OTP });
      if (outcome === 'invalid') throw badRequest(INVALID_OTP, { otp: INVALID_OTP });
    },
  };
}
