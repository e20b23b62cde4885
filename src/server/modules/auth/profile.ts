/**
 * The user's own profile (docs/architecture.md "## Profile"): the same answer as GET
 * /api-v1/info/, and the change of the first and last name, the only fields a user may write.
 */
import { eq } from 'drizzle-orm';
import { PROFILE_MSG, type ProfileUpdateBody, type ProfileUpdated } from '../../../shared/api/profile.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { msg } from '../../../shared/message.js';

type Info = (userId: number) => Promise<Omit<ProfileUpdated, 'message'>>;

export function createProfileService(ctx: Pick<AppContext, 'db'>, info: Info) {
  return {
    /** GET /api-v1/user/profile/: the /info/ answer itself, built by the one function. */
    profile: info,

    /**
     * Set both names. The change and its audit entry (who, before, after: the staff's user view and
     * chats show the name) commit together; saving the same names again changes and records nothing.
     */
    async update(userId: number, body: ProfileUpdateBody): Promise<ProfileUpdated> {
      await ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!before) throw new AppError(404, msg(MSG, 'fetchUserFailed'));
        if (before.firstName === body.first_name && before.lastName === body.last_name) return;
        await tx
          .update(users)
          .set({ firstName: body.first_name, lastName: body.last_name })
          .where(eq(users.id, userId));
        await recordAudit(tx, {
          actorId: userId,
          action: 'user.profile_update',
          targetType: 'user',
          targetId: userId,
          before: { first_name: before.firstName, last_name: before.lastName },
          after: { first_name: body.first_name, last_name: body.last_name },
        });
      });
      return { ...(await info(userId)), message: PROFILE_MSG.updated };
    },
  };
}
