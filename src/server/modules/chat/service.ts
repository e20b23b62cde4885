/**
 * Support chat rules: a user has at most one open session and sees only their own; staff see and
 * answer every open session and end them. Text is kept as plain text; images follow the upload rules.
 */
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHAT_PAGE_SIZE,
  CHAT_SESSION_MAX_MESSAGES,
  chatKeyOf,
  type ChatMessage,
  type ChatSessionDetails,
  type LatestMessagesQuery,
  type LatestMessagesResponse,
  type MessagesQuery,
  SUPPORT_MSG,
} from '../../../shared/api/support.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { chatMessages, chatSessions } from './schema.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ImageUpload } from '../../plugins/uploads.js';
import { usernameOf } from '../auth/index.js';
import { chatReplied, mailNotifications, notify } from '../notifications/index.js';
import { chatEventsOf } from './events.js';
import { msg } from '../../../shared/message.js';

type Viewer = Pick<AuthUser, 'id' | 'isAdmin'>;
type MessageRow = typeof chatMessages.$inferSelect;
type SenderRow = Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email'>;

const sender = alias(users, 'sender');
const senderColumns = { firstName: sender.firstName, lastName: sender.lastName, email: sender.email };

/** The session if the viewer may see it: its owner or staff. Anyone else gets the same 404 as for no session. */
async function visibleSession(db: Queryable, viewer: Viewer, sessionId: string, lock?: 'update' | 'share') {
  const query = db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  const [session] = lock ? await query.for(lock) : await query;
  if (!session || (!viewer.isAdmin && session.userId !== viewer.id)) throw notFound(msg(MSG, 'chatNotFound'));
  return session;
}

export function createChatService(ctx: Pick<AppContext, 'db' | 'clock' | 'files' | 'log' | 'mailer'>) {
  const { files } = ctx;
  const events = chatEventsOf(ctx);

  const toApi = (m: MessageRow, from: SenderRow): ChatMessage => ({
    id: m.id,
    session: m.sessionId,
    text: m.text,
    image_url: m.image ? files.signedUrl(m.image) : null,
    timestamp: m.createdAt.toISOString(),
    is_staff: m.isStaff,
    sender: m.senderId,
    sender_username: usernameOf(from),
  });

  return {
    /** The user's open session, or a new one. The one-open-session index settles two tabs racing. */
    async openSession(userId: number): Promise<{ sessionId: string; created: boolean }> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [open] = await ctx.db
          .select({ id: chatSessions.id })
          .from(chatSessions)
          .where(and(eq(chatSessions.userId, userId), eq(chatSessions.status, 'open')));
        if (open) return { sessionId: open.id, created: false };
        const [created] = await ctx.db
          .insert(chatSessions)
          .values({ userId })
          .onConflictDoNothing()
          .returning({ id: chatSessions.id });
        if (created) return { sessionId: created.id, created: true };
      }
      throw new Error(`could not open a chat session for user ${userId}`);
    },

    async session(viewer: Viewer, sessionId: string): Promise<ChatSessionDetails> {
      const session = await visibleSession(ctx.db, viewer, sessionId);
      const [owner] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
      return {
        session_id: session.id,
        status: session.status,
        user_id: session.userId,
        username: owner ? usernameOf(owner) : SUPPORT_MSG.unknownUser(String(session.userId)),
        created_at: session.createdAt.toISOString(),
        closed_at: session.closedAt?.toISOString() ?? null,
      };
    },

    /** One page of a chat (docs/decisions/0050): the newest `limit` messages, or those before `before`; oldest first. */
    async messages(viewer: Viewer, page: MessagesQuery): Promise<ChatMessage[]> {
      await visibleSession(ctx.db, viewer, page.session_id);
      const rows = await ctx.db
        .select({ message: chatMessages, from: senderColumns })
        .from(chatMessages)
        .innerJoin(sender, eq(sender.id, chatMessages.senderId))
        .where(
          and(
            eq(chatMessages.sessionId, page.session_id),
            page.before === undefined ? undefined : lt(chatMessages.id, page.before),
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(page.limit);
      return rows.reverse().map((r) => toApi(r.message, r.from));
    },

    /**
     * One message as pushed (streams.ts), with its session's owner: what an instance reads when the
     * event bus names a message posted anywhere. Undefined for no such message.
     */
    async pushedMessage(id: number): Promise<{ message: ChatMessage; sessionUserId: number } | undefined> {
      const [row] = await ctx.db
        .select({ message: chatMessages, from: senderColumns, sessionUserId: chatSessions.userId })
        .from(chatMessages)
        .innerJoin(sender, eq(sender.id, chatMessages.senderId))
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .where(eq(chatMessages.id, id));
      return row && { message: toApi(row.message, row.from), sessionUserId: row.sessionUserId };
    },

    /** Post to an open session the viewer may see. Staff messages are marked `is_staff`. */
    async send(
      viewer: AuthUser,
      sessionId: string,
      text: string,
      image: ImageUpload | undefined,
    ): Promise<ChatMessage> {
      if (!text && !image) throw badRequest(msg(MSG, 'emptyMessage'), { text: msg(MSG, 'emptyMessage') });
      // Checked before the image is written, so nobody can store files through another's session.
      const before = await visibleSession(ctx.db, viewer, sessionId);
      if (before.status !== 'open') throw conflict(msg(MSG, 'chatEnded'));
      const stored = image ? await files.save(image.bytes, image.image) : null;
      let row: MessageRow;
      try {
        row = await ctx.db.transaction(async (tx) => {
          // Shares the row lock with close-chat, so no message lands after the chat ended.
          const session = await visibleSession(tx, viewer, sessionId, 'share');
          if (session.status !== 'open') throw conflict(msg(MSG, 'chatEnded'));
          // A bounded chat (docs/decisions/0050); two sends at once may both pass at the last place.
          const [held] = await tx
            .select({ n: count() })
            .from(chatMessages)
            .where(eq(chatMessages.sessionId, sessionId));
          if ((held?.n ?? 0) >= CHAT_SESSION_MAX_MESSAGES)
            throw conflict(msg(SUPPORT_MSG, 'chatFull', String(CHAT_SESSION_MAX_MESSAGES)));
          const [inserted] = await tx
            .insert(chatMessages)
            .values({ sessionId, senderId: viewer.id, isStaff: viewer.isAdmin, text, image: stored })
            .returning();
          if (session.userId !== viewer.id) await notify(tx, chatReplied(session.userId, text, sessionId));
          return inserted!;
        });
      } catch (error) {
        if (stored) await files.remove(stored);
        throw error;
      }
      if (before.userId !== viewer.id) await mailNotifications(ctx, before.userId);
      const message = toApi(row, viewer);
      events.emit('messageCreated', { message, sessionUserId: before.userId });
      return message;
    },

    /**
     * Staff's list of open chats that have at least one message, the most recently active first,
     * each keyed by a JSON string of its user's id and name, with its newest CHAT_PAGE_SIZE messages
     * oldest first (docs/decisions/0050: a long chat does not make every poll of the desk long).
     */
    async openChats(page: LatestMessagesQuery): Promise<LatestMessagesResponse> {
      const owner = alias(users, 'owner');
      // One bounded page (docs/decisions/0020): ordered by each chat's last message, in SQL.
      const lastMessage = sql<number>`max(${chatMessages.id})`;
      const open = await ctx.db
        .select({
          id: chatSessions.id,
          userId: chatSessions.userId,
          owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
        })
        .from(chatSessions)
        .innerJoin(owner, eq(owner.id, chatSessions.userId))
        .innerJoin(chatMessages, eq(chatMessages.sessionId, chatSessions.id))
        .where(eq(chatSessions.status, 'open'))
        .groupBy(chatSessions.id, owner.id)
        .having(page.before ? lt(lastMessage, page.before) : undefined)
        .orderBy(desc(lastMessage))
        .limit(page.limit);
      if (open.length === 0) return {};
      const newest = ctx.db
        .select({
          id: chatMessages.id,
          rank: sql<number>`row_number() over (partition by ${chatMessages.sessionId} order by ${chatMessages.id} desc)`.as(
            'rank',
          ),
        })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.sessionId,
            open.map((s) => s.id),
          ),
        )
        .as('newest');
      const rows = await ctx.db
        .select({ message: chatMessages, from: senderColumns })
        .from(chatMessages)
        .innerJoin(newest, eq(newest.id, chatMessages.id))
        .innerJoin(sender, eq(sender.id, chatMessages.senderId))
        .where(lte(newest.rank, CHAT_PAGE_SIZE))
        .orderBy(asc(chatMessages.id));
      const bySession = new Map<string, ChatMessage[]>();
      for (const r of rows) {
        const list = bySession.get(r.message.sessionId) ?? [];
        list.push(toApi(r.message, r.from));
        bySession.set(r.message.sessionId, list);
      }
      const lastId = (sessionId: string) => bySession.get(sessionId)?.at(-1)?.id ?? 0;
      const result: LatestMessagesResponse = {};
      for (const s of open.filter((s) => bySession.has(s.id)).sort((a, b) => lastId(b.id) - lastId(a.id))) {
        result[chatKeyOf({ user_id: s.userId, username: usernameOf(s.owner) })] = bySession.get(s.id)!;
      }
      return result;
    },

    /** End a chat (staff). Ending one that already ended is not an error. */
    async close(staffId: number, sessionId: string): Promise<{ message: string; session_id: string }> {
      const closed = await ctx.db.transaction(async (tx) => {
        const session = await visibleSession(tx, { id: staffId, isAdmin: true }, sessionId, 'update');
        if (session.status !== 'open') return null;
        await tx
          .update(chatSessions)
          .set({ status: 'closed', closedBy: staffId, closedAt: ctx.clock.now() })
          .where(eq(chatSessions.id, sessionId));
        await recordAudit(tx, {
          actorId: staffId,
          action: 'chat.close',
          targetType: 'chat_session',
          targetId: sessionId,
          before: { status: 'open' },
          after: { status: 'closed' },
        });
        return session;
      });
      if (closed) events.emit('sessionClosed', { sessionId, sessionUserId: closed.userId, closedBy: staffId });
      return { message: MSG.chatClosed, session_id: sessionId };
    },
  };
}
