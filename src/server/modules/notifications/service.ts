/**
 * A user's notifications: the pages of GET /api-v1/notifications/ (newest first, the user's own
 * only) and marking them read. docs/architecture.md "## Notifications".
 */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  LanguageBody,
  MarkReadAnswer,
  NotificationItem,
  NotificationsPage,
} from '../../../shared/api/notifications.js';
import { NOTIFICATIONS_MSG, NOTIFICATIONS_PAGE_SIZE, notificationTarget } from '../../../shared/api/notifications.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { notifications, users } from '../../db/schema.js';

type NotificationRow = typeof notifications.$inferSelect;

const toItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  params: row.params ?? null,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
  target: notificationTarget(row.kind, row.params ?? null),
});

/** The user's unread notifications (the partial index notifications_unread_idx). */
async function unreadOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export function createNotificationsService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  return {
    async page(userId: number, query: { before?: number | undefined; limit?: number }): Promise<NotificationsPage> {
      const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
      const mine = eq(notifications.userId, userId);
      // One more than a page tells whether an older page exists.
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(query.before === undefined ? mine : and(mine, lt(notifications.id, query.before)))
          .orderBy(desc(notifications.id))
          .limit(limit + 1),
        db
          .select({
            count: count(),
            unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
          })
          .from(notifications)
          .where(mine),
      ]);
      const results = rows.slice(0, limit).map(toItem);
      return {
        unread: totals?.unread ?? 0,
        count: totals?.count ?? 0,
        next: rows.length > limit ? results.at(-1)!.id : null,
        results,
      };
    },

    /** Marks the user's own notifications read: `ids` (others' ids match nothing) or all of them. */
    async markRead(
      userId: number,
      which: { ids?: number[] | undefined; all?: true | undefined },
    ): Promise<MarkReadAnswer> {
      const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(which.all ? mine : and(mine, inArray(notifications.id, which.ids ?? [])))
        .returning({ id: notifications.id });
      return { message: NOTIFICATIONS_MSG.markedRead, updated: updated.length, unread: await unreadOf(db, userId) };
    },

    /** The caller's language (one of the picker's, checked by languageBody): their mails are written in it. */
    async setLanguage(userId: number, language: LanguageBody['language']) {
      await db.update(users).set({ language }).where(eq(users.id, userId));
      return { message: NOTIFICATIONS_MSG.languageSaved, language };
    },
  };
}
