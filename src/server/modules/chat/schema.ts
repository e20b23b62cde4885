/**
 * The chat module's tables: support chats (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_sessions_user_idx').on(t.userId, t.createdAt),
    // A user has at most one open session.
    uniqueIndex('chat_sessions_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id),
    senderId: userRef('sender_id'),
    isStaff: boolean('is_staff').notNull(),
    text: text('text').notNull().default(''),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_session_idx').on(t.sessionId, t.id)],
);
