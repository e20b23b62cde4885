/**
 * The refusal every money route makes for a demo account (docs/decisions/0063-demo-accounts.md): demo money
 * is never deposited to, withdrawn, paid a bonus, bought or sold for fiat, approved by staff or moved to a
 * real account. Called by the services where money enters or leaves, before anything is written; the
 * ledger refuses a posting that mixes demo and real accounts as the backstop (modules/ledger/ledger.ts).
 * Here, not in the demo module, because the money modules and auth call it and the demo module uses them.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database.js';
import { users } from '../db/schema.js';
import { badRequest } from '../errors.js';
import { type Message } from '../../shared/message.js';

/** The address every demo account is given: .invalid never resolves (RFC 2606), so no mail ever leaves. */
export const DEMO_EMAIL_DOMAIN = 'demo.invalid';

export const isDemoEmail = (email: string) => email.endsWith(`@${DEMO_EMAIL_DOMAIN}`);

export async function isDemoUser(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  return row?.isDemo ?? false;
}

/** Throws a 400 with `message` when `userId` is a demo account. */
export async function refuseDemo(db: Queryable, userId: number, message: Message): Promise<void> {
  if (await isDemoUser(db, userId)) throw badRequest(message);
}
