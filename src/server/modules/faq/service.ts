/** The FAQ bot: the exact question of a topic first, then the topic whose keywords cover the question best. */
import { asc } from 'drizzle-orm';
import { FAQ_TOPICS, type FaqAnswerResponse } from '../../../shared/api/support.js';
import type { AppContext } from '../../context.js';
import { faqEntries } from '../../db/schema.js';
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

export function createFaqService(ctx: Pick<AppContext, 'db' | 'config'>) {
  return {
    async answer(question: string): Promise<FaqAnswerResponse> {
      const entries = await ctx.db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder), asc(faqEntries.id));
      const entry = bestEntry(entries, question);
      if (!entry) return { answers: [] };
      let answer = entry.answer;
      if (answer.includes(DEPOSIT_ADDRESSES_PLACEHOLDER)) {
        answer = answer.replace(
          DEPOSIT_ADDRESSES_PLACEHOLDER,
          depositAddressText(await depositAddresses(ctx.db, ctx.config)),
        );
      }
      return { answers: [{ answer, topic: entry.topic }] };
    },
  };
}
