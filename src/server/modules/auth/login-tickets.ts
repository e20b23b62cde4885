/**
 * The ticket of a sign-in waiting for its second factor (docs/security.md): the password was right and 2FA
 * is on, so POST /api-v1/login/ answers a ticket instead of a token. It is random (256 bits), kept
 * as its SHA-256 only, bound to the user, valid 5 minutes and redeemed once. A wrong code does not
 * burn it, but 5 wrong codes do; every wrong code (or passkey) also counts toward the account's
 * sign-in lock, whatever ticket or address it came from (docs/decisions/0046-sign-in-code-lock.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { LoginResponse } from '../../../shared/api/auth.js';
import { LOGIN_TICKET_TTL_MS, LOGIN_TICKET_WRONG_CODES_MAX, TWO_FACTOR_MSG } from '../../../shared/api/two-factor.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { loginTickets } from '../security/schema.js';
import { AppError } from '../../errors.js';
import { assertNotLocked, consumeTwoFactorCode, verifyPasskeyAssertion } from '../security/index.js';
import { sessionUserOf } from './session-user.js';
import { startSession, type ClientInfo } from './sessions.js';
import { msg } from '../../../shared/message.js';

type TicketContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'tokens'>;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
const expired = () => new AppError(401, msg(TWO_FACTOR_MSG, 'ticketExpired'));

export async function issueLoginTicket(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  // Old tickets of anyone are dropped on the way: they are useless after their 5 minutes.
  await ctx.db.delete(loginTickets).where(lt(loginTickets.expiresAt, new Date(now.getTime() - LOGIN_TICKET_TTL_MS)));
  await ctx.db.insert(loginTickets).values({
    userId,
    ticketHash: hashOf(ticket),
    expiresAt: new Date(now.getTime() + LOGIN_TICKET_TTL_MS),
    createdAt: now,
  });
  return ticket;
}

/**
 * The user a live (unexpired, unused) ticket belongs to; 401 otherwise. Redeems nothing.
 * @public for the passkey branch of the second step (docs/security.md).
 */
export async function loginTicketUser(ctx: Pick<AppContext, 'db' | 'clock'>, ticket: string): Promise<number> {
  const [row] = await ctx.db
    .select({ userId: loginTickets.userId })
    .from(loginTickets)
    .where(
      and(
        eq(loginTickets.ticketHash, hashOf(ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, ctx.clock.now()),
      ),
    );
  if (!row) throw expired();
  return row.userId;
}

/**
 * Redeems a live ticket and starts the session: `{ access, user }`, as a login without 2FA answers.
 * For the passkey branch: look the user up with `loginTicketUser`, verify the assertion against
 * that user's passkeys, then call this. Throws 401 when the ticket is unknown, expired or used
 * (a second redemption of the same ticket loses the race here: the UPDATE is conditional).
 * @public for the passkey branch of the second step (docs/security.md).
 */
export async function redeemLoginTicket(
  ctx: TicketContext,
  ticket: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const [redeemed] = await ctx.db
    .update(loginTickets)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(loginTickets.ticketHash, hashOf(ticket)),
        isNull(loginTickets.usedAt),
        gt(loginTickets.expiresAt, ctx.clock.now()),
      ),
    )
    .returning({ userId: loginTickets.userId });
  if (!redeemed) throw expired();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, redeemed.userId));
  if (!user) throw expired();
  return { access: await startSession(ctx, user, client), user: await sessionUserOf(ctx.db, user) };
}

/** POST /api-v1/login/2fa/: the ticket and a TOTP or recovery code. */
export async function completeLoginWithCode(
  ctx: TicketContext,
  ticket: string,
  code: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const userId = await loginTicketUser(ctx, ticket);
  // Locked sign-in checks no code, the right one included (docs/security.md "## Locks").
  await assertNotLocked(ctx, userId, 'sign-in');
  try {
    if (!(await consumeTwoFactorCode(ctx, userId, code, 'code', 'sign-in-code'))) throw expired();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) await answerWrongSecondFactor(ctx, userId, ticket);
    throw error;
  }
  return redeemLoginTicket(ctx, ticket, client);
}

/** POST /api-v1/login/2fa/ with `passkey`: the ticket and an assertion of one of its user's passkeys. */
export async function completeLoginWithPasskey(
  ctx: TicketContext,
  ticket: string,
  assertion: unknown,
  client: ClientInfo,
): Promise<LoginResponse> {
  const userId = await loginTicketUser(ctx, ticket);
  await assertNotLocked(ctx, userId, 'sign-in');
  try {
    await verifyPasskeyAssertion(ctx, userId, assertion, 'sign-in-code');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) await answerWrongSecondFactor(ctx, userId, ticket);
    throw error;
  }
  return redeemLoginTicket(ctx, ticket, client);
}

/**
 * After a wrong second factor (already counted toward the account's sign-in lock by the check):
 * the try that starts the lock says so (423, as the password step's does); otherwise a ticket with
 * 5 wrong answers is void (401), and below that the caller's 400 stands.
 */
async function answerWrongSecondFactor(ctx: TicketContext, userId: number, ticket: string) {
  const voided = await countWrongCode(ctx, ticket);
  await assertNotLocked(ctx, userId, 'sign-in');
  if (voided) throw new AppError(401, msg(TWO_FACTOR_MSG, 'ticketTooManyWrong'));
}

/** A wrong code leaves the ticket usable, up to 5: then it is void (true) and the user logs in again. */
async function countWrongCode(ctx: Pick<AppContext, 'db' | 'clock'>, ticket: string): Promise<boolean> {
  const [row] = await ctx.db
    .update(loginTickets)
    .set({ wrongCodes: sql`${loginTickets.wrongCodes} + 1` })
    .where(and(eq(loginTickets.ticketHash, hashOf(ticket)), isNull(loginTickets.usedAt)))
    .returning({ wrongCodes: loginTickets.wrongCodes });
  if (!row || row.wrongCodes < LOGIN_TICKET_WRONG_CODES_MAX) return false;
  await ctx.db
    .update(loginTickets)
    .set({ usedAt: ctx.clock.now() })
    .where(eq(loginTickets.ticketHash, hashOf(ticket)));
  return true;
}
