/**
 * Each notification also goes out by mail (issue 19 "## Notifications"; English today, the languages
 * issue translates), after the event committed, as wallets/withdrawal-mail.ts does; the Mailer adds
 * the anti-phishing code (security/anti-phishing-mail.ts).
 *
 * `mailNotifications(ctx, userId)` claims the user's notifications not mailed yet (mailed_at null:
 * one UPDATE ... RETURNING, so two callers, on one instance or two, never mail one twice) and mails
 * each. A mail that cannot be sent is logged and un-claimed, so the user's next event retries it;
 * it never fails the request (the event did happen). docs/decisions/0034-notifications.md.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { notifications, users } from '../../db/schema.js';

export type MailContext = Pick<AppContext, 'db' | 'mailer' | 'log'>;

const NOTIFICATION_MAIL_FOOTER = 'You can see all your notifications under the bell on Home in the Coinfront app.';

function notificationMail(note: { title: string; body: string }) {
  return { subject: `Coinfront: ${note.title}`, text: `${note.body}\n\n${NOTIFICATION_MAIL_FOOTER}` };
}

export async function mailNotifications(ctx: MailContext, userId: number): Promise<void> {
  try {
    const claimed = await ctx.db
      .update(notifications)
      .set({ mailedAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)))
      .returning({ id: notifications.id, title: notifications.title, body: notifications.body });
    if (claimed.length === 0) return;
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const failed: number[] = [];
    for (const note of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await ctx.mailer.send({ to: user.email, ...notificationMail(note) });
      } catch (error) {
        failed.push(note.id);
        ctx.log.error({ err: error, notificationId: note.id }, 'notification mail not sent');
      }
    }
    if (failed.length > 0)
      await ctx.db.update(notifications).set({ mailedAt: null }).where(inArray(notifications.id, failed));
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'notification mails not sent');
  }
}
