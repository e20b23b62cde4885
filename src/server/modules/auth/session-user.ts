/** The user as a completed sign-in answers it (docs/architecture.md section 3): login, 2FA and passkey sign-in. */
import type { SessionUser } from '../../../shared/api/auth.js';
import type { Queryable } from '../../db/database.js';
import type { users } from '../../db/schema.js';
import { verificationStatusOf } from '../identity/index.js';

type UserRow = typeof users.$inferSelect;

export const usernameOf = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export async function sessionUserOf(db: Queryable, user: UserRow): Promise<SessionUser> {
  return {
    user_id: user.id,
    username: usernameOf(user),
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    uniqueid: user.uniqueid,
    is_admin: user.isAdmin,
    is_verified: await verificationStatusOf(db, user.id),
    is_demo: user.isDemo,
  };
}
