/**
 * The faq module's tables: the FAQ bot's knowledge and its answers (docs/architecture.md section 2: each module owns
 * its tables; the shared ones, users, the ledger's accounts and entries, are in db/schema.ts).
 */
import { createdAt, userRef } from '../../db/schema.js';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The FAQ bot's knowledge base. */
export const faqEntries = pgTable('faq_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  topic: text('topic').notNull(),
  question: text('question').notNull(),
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  answer: text('answer').notNull(),
  /** The answer in other languages of the picker, by code; none for a language answers in English (docs/decisions/0064). */
  translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the FAQ bot was asked and answered, per user: the conversation staff read at the chat desk
 * before they join (docs/decisions/0064-staff-desk-and-language-fit.md). `answer` null: no answer.
 */
export const faqExchanges = pgTable(
  'faq_exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    question: text('question').notNull(),
    answer: text('answer'),
    topic: text('topic'),
    createdAt: createdAt(),
  },
  (t) => [index('faq_exchanges_user_idx').on(t.userId, t.id)],
);
