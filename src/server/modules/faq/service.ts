/**
 * The FAQ bot: the exact question of a topic first, then the topic whose keywords cover the question
 * best, answered in the asker's language (users.language) when the entry has it, and kept as the
 * asker's conversation with the bot for the staff desk (docs/decisions/0064-staff-desk-and-language-fit.md).
 */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import { FAQ_TOPICS, type BotExchange, type FaqAnswerResponse } from '../../../shared/api/support.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { faqEntries, faqExchanges } from './schema.js';
import { depositAddressText, depositAddresses } from './addresses.js';
import { DEPOSIT_ADDRESSES_PLACEHOLDER } from './seed.js';

const SHIPPED_QUESTIONS = new Map<string, string>(FAQ_TOPICS.map((t) => [t.topic, t.question]));

type FaqEntry = Pick<typeof faqEntries.$inferSelect, 'topic' | 'question' | 'keywords' | 'answer'>;

/** Lower case words separated by single spaces, so matching ignores punctuation and spacing. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim();

/**
 * A keyword counts when the question has it at the start of a word ('withdraw' covers 'withdrawal');
 * a phrase weighs its number of words, so 'recharge address' beats a bare 'recharge'. Ties go to
 * the entry listed first.
 */
function bestEntry<T extends FaqEntry>(entries: T[], question: string): T | undefined {
  const asked = normalise(question);
  if (!asked) return undefined;
  // The support screen's buttons send the shipped questions: they keep working after staff reword one.
  const exact =
    entries.find((e) => normalise(e.question) === asked) ??
    entries.find((e) => normalise(SHIPPED_QUESTIONS.get(e.topic) ?? '') === asked);
  if (exact) return exact;
  const padded = ` ${asked}`;
  let best: T | undefined;
  let bestScore = 0;
  for (const entry of entries) {
    let score = 0;
    for (const keyword of entry.keywords) {
      const k = normalise(keyword);
      if (k && padded.includes(` ${k}`)) score += k.split(' ').length;
    }
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

/** Exchanges kept per user: the desk shows the newest BOT_EXCHANGES_SHOWN; older ones are dropped as new ones come. */
const BOT_EXCHANGES_KEPT = 50;
/** What the staff desk shows of a user's conversation with the bot, the newest. */
const BOT_EXCHANGES_SHOWN = 20;

export function createFaqService(ctx: Pick<AppContext, 'db' | 'config'>) {
  return {
    async answer(userId: number, question: string): Promise<FaqAnswerResponse> {
      const entries = await ctx.db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
      const entry = bestEntry(entries, question);
      let answer: string | null = null;
      if (entry) {
        const [asker] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
        // English is the entry's own answer; a language the entry lacks gets it too.
        answer = (asker && entry.translations[asker.language]) || entry.answer;
        if (answer.includes(DEPOSIT_ADDRESSES_PLACEHOLDER)) {
          answer = answer.replace(
            DEPOSIT_ADDRESSES_PLACEHOLDER,
            depositAddressText(await depositAddresses(ctx.db, ctx.config)),
          );
        }
      }
      await ctx.db.transaction(async (tx) => {
        const [kept] = await tx
          .insert(faqExchanges)
          .values({ userId, question, answer, topic: entry?.topic ?? null })
          .returning({ id: faqExchanges.id });
        // Bounded per user: the oldest beyond BOT_EXCHANGES_KEPT go.
        const [oldest] = await tx
          .select({ id: faqExchanges.id })
          .from(faqExchanges)
          .where(eq(faqExchanges.userId, userId))
          .orderBy(desc(faqExchanges.id))
          .offset(BOT_EXCHANGES_KEPT - 1)
          .limit(1);
        if (oldest && oldest.id < kept!.id)
          await tx.delete(faqExchanges).where(and(eq(faqExchanges.userId, userId), lt(faqExchanges.id, oldest.id)));
      });
      return answer === null ? { answers: [] } : { answers: [{ answer, topic: entry!.topic }] };
    },

    /** A user's conversation with the bot, the newest BOT_EXCHANGES_SHOWN, oldest first (staff only: routes.ts). */
    async exchanges(userId: number): Promise<BotExchange[]> {
      const rows = await ctx.db
        .select()
        .from(faqExchanges)
        .where(eq(faqExchanges.userId, userId))
        .orderBy(desc(faqExchanges.id))
        .limit(BOT_EXCHANGES_SHOWN);
      return rows.reverse().map((r) => ({
        id: r.id,
        question: r.question,
        answer: r.answer,
        topic: r.topic,
        timestamp: r.createdAt.toISOString(),
      }));
    },
  };
}
