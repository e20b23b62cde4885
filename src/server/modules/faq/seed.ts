/**
 * The FAQ bot's knowledge base as first shipped: docs/product.md's six topics. Only missing topics are
 * inserted, so staff edits to a row survive restarts. Their answers in the other nine languages
 * (translations.ts) go beside, and into a row that has none yet while its English is still the
 * shipped one (docs/decisions/0064-staff-desk-and-language-fit.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import { DEPOSIT_ADDRESSES_PLACEHOLDER } from '../../../shared/api/admin.js';
import { FAQ_TOPICS, type FaqTopic } from '../../../shared/api/support.js';
import { SUPPORT_HOURS } from '../../../shared/constants.js';
import type { Db } from '../../db/database.js';
import { faqEntries } from './schema.js';
import { FAQ_TRANSLATIONS } from './translations.js';

/** Replaced at answer time by the current 'ERC20: <address>' lines, so an address change shows at once. */
export { DEPOSIT_ADDRESSES_PLACEHOLDER };

interface SeedEntry {
  keywords: string[];
  answer: string;
}

const SEED: Record<FaqTopic, SeedEntry> = {
  recharge_address: {
    keywords: [
      'recharge address',
      'deposit address',
      'charge address',
      'wallet address',
      'platform address',
      'address',
    ],
    answer: [
      'Here are the platform recharge addresses. Send USDT on the matching network, then submit a recharge request with the amount and your payment address:',
      DEPOSIT_ADDRESSES_PLACEHOLDER,
    ].join('\n'),
  },
  balance: {
    keywords: ['balance', 'transfer between', 'my funds', 'my money', 'not arrived', 'not received', 'missing'],
    answer:
      "Your balances are on the Assets page, one tab per account: Exchange (Funding Account), lever (Leverage Account), legal currency and Second (Contract Account). A recharge shows in the Funding Account once it has been approved; transfer between accounts from an asset's detail page.",
  },
  manual_service: {
    keywords: [
      'manual service',
      'manual',
      'human',
      'customer service',
      'agent',
      'real person',
      'talk to',
      'live chat',
      'support staff',
    ],
    answer: `Tap 'Connect to Human Support' below to chat with our customer service team. Support hours are ${SUPPORT_HOURS}; messages sent outside these hours are answered when we are back.`,
  },
  withdraw_recharge: {
    keywords: [
      'withdraw and recharge',
      'how to withdraw',
      'how to recharge',
      'withdraw',
      'withdrawal',
      'recharge',
      'deposit',
      'top up',
    ],
    answer:
      'Recharge: open Assets, choose the Funding Account and tap deposit, enter the quantity and your payment address and submit; the request is credited after review (minimum 50 USDT, 1 confirmation). Withdraw: from the same account tap withdrawal, enter the address, the amount and your transaction password; the minimum is worth 50 USDT, the fee is 1% of the amount, and 6 confirmations are needed.',
  },
  forgot_password: {
    keywords: ['forgot', 'forgotten', 'forget', 'password', 'mailbox', 'reset', 'email', 'log in', 'login'],
    answer:
      "Forgot your password? On the login page tap 'Forgot password', enter your email and use the code we send you to set a new password. If you can no longer reach your mailbox, contact customer service with your unique ID so we can help you recover the account.",
  },
  frozen_balance: {
    keywords: [
      'frozen',
      'freeze',
      'balance',
      'locked',
      'cannot transfer',
      "can't transfer",
      'unable to transfer',
      'on hold',
    ],
    answer:
      'A frozen balance is held for a pending operation (a withdrawal under review or a position or order still open) or by a risk check, and cannot be transferred until that is settled. Once the withdrawal is processed or the position is closed it becomes available again; contact customer service if it stays frozen.',
  },
};

/** Insert the topics that are missing. Safe to run on every start and from several instances at once. */
export async function ensureFaqSeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances starting together must not both insert the same topic.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coinfront.faq_seed'))`);
    const rows = await tx.select({ topic: faqEntries.topic }).from(faqEntries);
    const existing = new Set(rows.map((r) => r.topic));
    // Rows seeded before the translations: given them while staff have not reworded the English.
    for (const topic of existing) {
      if (!Object.hasOwn(SEED, topic)) continue;
      await tx
        .update(faqEntries)
        .set({ translations: FAQ_TRANSLATIONS[topic as FaqTopic] })
        .where(
          and(
            eq(faqEntries.topic, topic),
            eq(faqEntries.answer, SEED[topic as FaqTopic].answer),
            sql`${faqEntries.translations} = '{}'::jsonb`,
          ),
        );
    }
    const missing = FAQ_TOPICS.map((t, index) => ({ ...t, index })).filter((t) => !existing.has(t.topic));
    if (missing.length === 0) return;
    await tx.insert(faqEntries).values(
      missing.map((t) => ({
        topic: t.topic,
        question: t.question,
        keywords: SEED[t.topic].keywords,
        answer: SEED[t.topic].answer,
        translations: FAQ_TRANSLATIONS[t.topic],
        sortOrder: t.index,
      })),
    );
  });
}
