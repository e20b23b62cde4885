/**
 * Each notification also goes out by mail (docs/decisions/0034-notifications.md), in the user's language
 * (users.language, set from the Home picker; texts.ts reads the translations), after the event committed, as wallets/withdrawal-mail.ts does; the Mailer adds
 * the anti-phishing code (security/anti-phishing-mail.ts).
 *
 * `mailNotifications(ctx, userId)` claims the user's notifications not mailed yet (mailed_at null:
 * one UPDATE ... RETURNING, so two callers, on one instance or two, never mail one twice) and mails
 * each. A mail that cannot be sent is logged and un-claimed; it never fails the request (the event
 * did happen). `startMailRetry` sends the un-claimed ones again every minute while they are under a
 * day old (and the user's next event sends them at once). docs/decisions/0034-notifications.md.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { fillText, notificationTexts } from '../../../shared/api/notifications.js';
import type { AppContext } from '../../context.js';
import { notifications, users } from '../../db/schema.js';
import { notificationTextIn } from './texts.js';

export type MailContext = Pick<AppContext, 'db' | 'mailer' | 'log'>;

interface ClaimedNote {
  kind: string;
  title: string;
  body: string;
  params: Record<string, string> | null;
}

/**
 * The mail of a notification in `language`: its kind's texts with its params, or its stored English
 * title and body for a row without params (written before migration 0020).
 */
function notificationMail(note: ClaimedNote, language: string) {
  const text = notificationTextIn(language);
  const shown = (note.params && notificationTexts(note.kind, note.params, text)) ?? note;
  return {
    subject: fillText(text('mailSubject') ?? '', { title: shown.title }),
    text: `${shown.body}\n\n${text('mailFooter') ?? ''}`,
  };
}

export async function mailNotifications(ctx: MailContext, userId: number): Promise<void> {
  try {
    const claimed = await ctx.db
      .update(notifications)
      .set({ mailedAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.mailedAt)))
      .returning({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        params: notifications.params,
      });
    if (claimed.length === 0) return;
    const [user] = await ctx.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    const failed: number[] = [];
    for (const note of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await ctx.mailer.send({ to: user.email, ...notificationMail(note, user.language) });
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

/** A notification whose mail failed is retried while it is younger than this; later, the news is stale. */
const MAIL_RETRY_WITHIN_HOURS = 24;
/** Users a retry pass mails at most; the next pass takes the rest. */
const MAIL_RETRY_USERS = 100;

/**
 * One retry pass: mails the unmailed notifications of the users who have one under a day old, and
 * returns how many users it tried. Safe on every instance at once: mailNotifications claims each row
 * once (tests call it directly).
 */
export async function retryNotificationMails(ctx: MailContext): Promise<number> {
  const due = await ctx.db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        isNull(notifications.mailedAt),
        gt(notifications.createdAt, sql`now() - make_interval(hours => ${MAIL_RETRY_WITHIN_HOURS})`),
      ),
    )
    .limit(MAIL_RETRY_USERS);
  for (const { userId } of due) await mailNotifications(ctx, userId);
  return due.length;
}

export interface MailRetry {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** A retry pass every `intervalMs` (never two at once); the timer never keeps the process alive. */
export function startMailRetry(ctx: MailContext, intervalMs: number): MailRetry {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= retryNotificationMails(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'notification mail retry failed'))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
