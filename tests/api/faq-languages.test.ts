/**
 * The FAQ bot in the user's language, and its conversation on the staff desk
 * (docs/decisions/0064-staff-desk-and-language-fit.md): answers follow users.language, staff read what
 * a user asked the bot before they joined, and nobody else reads it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqEntries, faqExchanges } from '../../src/server/modules/faq/schema.js';
import { ensureFaqSeed } from '../../src/server/modules/faq/seed.js';
import { FAQ_TRANSLATIONS } from '../../src/server/modules/faq/translations.js';
import {
  type BotConversationResponse,
  depositAddressLines,
  FAQ_TOPICS,
  type FaqAnswerResponse,
} from '../../src/shared/api/support.js';
import { LANGUAGES } from '../../src/shared/constants.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

const ask = (user: TestUser, question: string) =>
  call<FaqAnswerResponse>(t, 'POST', '/api-v2/question-answer/', { token: user.token, body: { question } });
const speak = async (user: TestUser, language: string) =>
  expect((await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language } })).status).toBe(200);
const conversation = (userId: number, token = admin.token) =>
  call<BotConversationResponse>(t, 'GET', `/api-v2/support/bot-conversation/?user_id=${userId}`, { token });
const question = (topic: string) => FAQ_TOPICS.find((q) => q.topic === topic)!.question;

describe('the FAQ bot answers in the user’s language', () => {
  it('gives each of the nine other languages its own answer to every topic, and English the shipped one', async () => {
    const english = await createUser(t);
    const shipped = new Map<string, string>();
    for (const { topic, question: q } of FAQ_TOPICS)
      shipped.set(topic, (await ask(english, q)).body.answers[0]!.answer);

    const others = LANGUAGES.filter((l) => l.code !== 'en');
    expect(others).toHaveLength(9);
    for (const { code } of others) {
      const user = await createUser(t);
      await speak(user, code);
      for (const { topic, question: q } of FAQ_TOPICS) {
        const res = await ask(user, q);
        expect(res.status).toBe(200);
        const answer = res.body.answers[0]!.answer;
        expect(res.body.answers[0]!.topic).toBe(topic);
        expect(answer, `${code} ${topic}`).not.toBe(shipped.get(topic));
        if (topic !== 'recharge_address')
          expect(answer).toBe(FAQ_TRANSLATIONS[topic as keyof typeof FAQ_TRANSLATIONS][code as 'de']);
      }
    }
  });

  it('fills the recharge addresses into a translated answer as into the English one', async () => {
    const user = await createUser(t);
    await speak(user, 'de');
    const answer = (await ask(user, question('recharge_address'))).body.answers[0]!.answer;
    expect(answer).toMatch(/^Hier sind die Einzahlungsadressen der Plattform/);
    expect(depositAddressLines(answer)).toEqual([
      { network: 'ERC20', address: t.config.depositAddresses.ERC20 },
      { network: 'TRC20', address: t.config.depositAddresses.TRC20 },
    ]);
  });

  it('answers in English once staff reword an answer, until it is translated again; an unchanged answer keeps its translations', async () => {
    const user = await createUser(t);
    await speak(user, 'ja');
    const [frozen] = await t.db.select().from(faqEntries).where(eq(faqEntries.topic, 'frozen_balance'));
    const put = (answer: string) =>
      call(t, 'PUT', `/api-v3/admin/settings/faq/${frozen!.id}/`, {
        token: admin.token,
        body: { question: frozen!.question, answer, keywords: frozen!.keywords },
      });
    expect((await put(frozen!.answer)).status).toBe(200);
    expect((await ask(user, question('frozen_balance'))).body.answers[0]!.answer).toBe(
      FAQ_TRANSLATIONS.frozen_balance.ja,
    );
    const reworded = 'A frozen balance is held for a pending withdrawal or an open position. Staff wrote this.';
    expect((await put(reworded)).status).toBe(200);
    expect((await ask(user, question('frozen_balance'))).body.answers[0]!.answer).toBe(reworded);
    // A restart does not put the old translations back over staff's new English.
    await ensureFaqSeed(t.db);
    expect((await ask(user, question('frozen_balance'))).body.answers[0]!.answer).toBe(reworded);
  });

  it('gives rows seeded before the translations theirs on the next start', async () => {
    await t.db.update(faqEntries).set({ translations: {} }).where(eq(faqEntries.topic, 'balance'));
    await ensureFaqSeed(t.db);
    const [balance] = await t.db.select().from(faqEntries).where(eq(faqEntries.topic, 'balance'));
    expect(balance!.translations).toEqual(FAQ_TRANSLATIONS.balance);
  });
});

describe('the bot’s conversation on the staff desk', () => {
  it('shows staff what the user asked and was answered, in order, the unanswered too', async () => {
    const user = await createUser(t);
    await speak(user, 'fr');
    await ask(user, question('balance'));
    await ask(user, 'qwertyuiop');
    await ask(user, question('manual_service'));
    const res = await conversation(user.id);
    expect(res.status).toBe(200);
    expect(res.body.exchanges.map((e) => [e.question, e.topic])).toEqual([
      [question('balance'), 'balance'],
      ['qwertyuiop', null],
      [question('manual_service'), 'manual_service'],
    ]);
    expect(res.body.exchanges[0]!.answer).toBe(FAQ_TRANSLATIONS.balance.fr);
    expect(res.body.exchanges[1]!.answer).toBeNull();
    expect(res.body.exchanges.every((e) => !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
    // Another user's conversation is not mixed in.
    expect((await conversation(admin.id)).body.exchanges).toEqual([]);
  });

  it('shows the newest 20 and keeps at most 50 per user', async () => {
    const user = await createUser(t);
    for (let i = 1; i <= 55; i++) await ask(user, `question ${i}`);
    const shown = (await conversation(user.id)).body.exchanges.map((e) => e.question);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toBe('question 36');
    expect(shown.at(-1)).toBe('question 55');
    const kept = await t.db.select().from(faqExchanges).where(eq(faqExchanges.userId, user.id));
    expect(kept).toHaveLength(50);
  });

  it('refuses a bad user id with a clear message', async () => {
    for (const id of ['abc', '-1', '']) {
      const res = await call(t, 'GET', `/api-v2/support/bot-conversation/?user_id=${id}`, { token: admin.token });
      expect(res.status, id).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
  });

  it('attack: a signed-in user reads another user’s conversation with the bot by its user id (403, nothing shown)', async () => {
    const victim = await createUser(t);
    await ask(victim, 'My recovery phrase is abandon abandon ability, is that safe?');
    const attacker = await createUser(t);
    const res = await conversation(victim.id, attacker.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('recovery phrase');
    // Nor their own through the staff route: it is staff's desk, not a user's history.
    expect((await conversation(attacker.id, attacker.token)).status).toBe(403);
    const anonymous = await call(t, 'GET', `/api-v2/support/bot-conversation/?user_id=${victim.id}`);
    expect(anonymous.status).toBe(401);
  });
});
