/** Support (docs/decisions/0004-support-chat-and-faq.md): the FAQ bot, chat sessions and messages, and the staff chat desk. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/server/lib/images.js';
import { auditLog, settings } from '../../src/server/db/schema.js';
import { chatMessages } from '../../src/server/modules/chat/schema.js';
import { faqEntries } from '../../src/server/modules/faq/schema.js';
import { chatEventsOf, type ChatEventMap } from '../../src/server/modules/chat/events.js';
import { ensureFaqSeed } from '../../src/server/modules/faq/seed.js';
import { FAQ_TOPICS, depositAddressLines, parseChatKey, type ChatMessage } from '../../src/shared/api/support.js';
import { SUPPORT_HOURS } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff } from '../helpers/money.js';
import { notAnImage, padTo, png } from '../helpers/images.js';
import { fetchFile, postForm, type FormParts } from '../helpers/multipart.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

const ask = (question: unknown, token: string) =>
  call(t, 'POST', '/api-v2/question-answer/', { token, body: { question } });
const openChat = (user: TestUser) => call<{ session_id: string }>(t, 'POST', '/api-v2/chats/', { token: user.token });
const send = (user: TestUser, parts: FormParts) =>
  postForm<ChatMessage>(t, '/api-v2/messages/', parts, { token: user.token });
const messages = (user: TestUser, sessionId: string) =>
  call<ChatMessage[]>(t, 'GET', `/api-v2/messages/?session_id=${sessionId}`, { token: user.token });
const desk = (token = admin.token) =>
  call<Record<string, ChatMessage[]>>(t, 'GET', '/api-v2/support/latest-messages/', { token });
const closeChat = (sessionId: string, token = admin.token) =>
  call(t, 'POST', '/api-v2/close-chat/', { token, body: { session_id: sessionId } });

describe('FAQ bot', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t);
  });

  const topicOf = async (question: string) => {
    const res = await ask(question, user.token);
    expect(res.status).toBe(200);
    return res.body.answers.map((a: { topic: string }) => a.topic);
  };

  it('answers each of the six topic buttons with its own answer', async () => {
    const seen = new Set<string>();
    for (const { topic, question } of FAQ_TOPICS) {
      const res = await ask(question, user.token);
      expect(res.status).toBe(200);
      expect(res.body.answers).toHaveLength(1);
      expect(res.body.answers[0].topic).toBe(topic);
      expect(res.body.answers[0].answer.length).toBeGreaterThan(20);
      seen.add(res.body.answers[0].answer);
    }
    expect(seen.size).toBe(6);
  });

  it('gives the recharge addresses from configuration, only on the networks the Deposit screen offers (USDT: ERC20, TRC20)', async () => {
    const res = await ask('Platform recharge address', user.token);
    const { ERC20, TRC20 } = t.config.depositAddresses;
    expect(res.body.answers[0].answer).toContain(`ERC20: ${ERC20}`);
    expect(depositAddressLines(res.body.answers[0].answer)).toEqual([
      { network: 'ERC20', address: ERC20 },
      { network: 'TRC20', address: TRC20 },
    ]);
    // The Deposit screen takes USDT only: a BTC address in the bot's answer would invite a deposit it cannot take.
    expect(res.body.answers[0].answer).not.toContain('BTC:');
  });

  it('shows an address staff changed in settings at once, without a restart', async () => {
    await t.db
      .insert(settings)
      .values({ key: 'deposit_addresses', value: { TRC20: 'TNewAddressSetByStaff000000000000' } });
    try {
      const answer = (await ask('Platform recharge address', user.token)).body.answers[0].answer as string;
      expect(answer).toContain('TRC20: TNewAddressSetByStaff000000000000');
      expect(answer).toContain(`ERC20: ${t.config.depositAddresses.ERC20}`);
    } finally {
      await t.db.delete(settings).where(eq(settings.key, 'deposit_addresses'));
    }
  });

  it('gives the support hours with the manual service answer', async () => {
    const res = await ask('Transfer to manual service', user.token);
    expect(res.body.answers[0].answer).toContain(SUPPORT_HOURS);
    expect(SUPPORT_HOURS).toBe('10:00am-10:00pm EST');
  });

  it('matches free questions on keywords', async () => {
    expect(await topicOf('what is the deposit address for USDT?')).toEqual(['recharge_address']);
    expect(await topicOf('How do I withdraw my USDT?')).toEqual(['withdraw_recharge']);
    expect(await topicOf('I FORGOT my password!!')).toEqual(['forgot_password']);
    expect(await topicOf('why is my balance frozen')).toEqual(['frozen_balance']);
    expect(await topicOf("where's my balance")).toEqual(['balance']);
    expect(await topicOf('can I talk to a human?')).toEqual(['manual_service']);
    expect(await topicOf('  platform   RECHARGE address ')).toEqual(['recharge_address']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await ask('What is the weather on Mars?', user.token)).toMatchObject({ status: 200, body: { answers: [] } });
  });

  it('refuses an empty, blank or oversized question, and needs a login', async () => {
    expect(await ask('', user.token)).toMatchObject({ status: 400, body: { error: MSG.questionRequired } });
    expect((await ask('   ', user.token)).status).toBe(400);
    expect((await ask(42, user.token)).status).toBe(400);
    expect((await ask('x'.repeat(501), user.token)).status).toBe(400);
    expect((await call(t, 'POST', '/api-v2/question-answer/', { body: { question: 'balance' } })).status).toBe(401);
  });

  it('seeds its six topics once, keeping staff edits on a later start', async () => {
    await t.db.update(faqEntries).set({ answer: 'Edited by staff' }).where(eq(faqEntries.topic, 'balance'));
    await ensureFaqSeed(t.db);
    await Promise.all([ensureFaqSeed(t.db), ensureFaqSeed(t.db)]);
    const rows = await t.db.select().from(faqEntries);
    expect(rows).toHaveLength(6);
    expect((await ask('Where is my balance?', user.token)).body.answers[0].answer).toBe('Edited by staff');
  });
});

describe('chat sessions', () => {
  it('opens one session and returns the same open one after', async () => {
    const user = await createUser(t);
    const first = await openChat(user);
    expect(first.status).toBe(201);
    expect(first.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await openChat(user);
    expect(again).toMatchObject({ status: 200, body: { session_id: first.body.session_id } });
  });

  it('keeps one open session when several tabs open it at once', async () => {
    const user = await createUser(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => openChat(user)));
    expect(new Set(results.map((r) => r.body.session_id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('opens a new session after staff ended the last one', async () => {
    const user = await createUser(t);
    const first = (await openChat(user)).body.session_id;
    await closeChat(first);
    const second = await openChat(user);
    expect(second.status).toBe(201);
    expect(second.body.session_id).not.toBe(first);
  });

  it('tells its owner and staff whether it is open, and nobody else', async () => {
    const user = await createUser(t, { first_name: 'Lin', last_name: 'Chen' });
    const other = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    expect(await call(t, 'GET', `/api-v2/chats/${sessionId}/`, { token: user.token })).toMatchObject({
      status: 200,
      body: { session_id: sessionId, status: 'open', user_id: user.id, username: 'Lin Chen', closed_at: null },
    });
    expect((await call(t, 'GET', `/api-v2/chats/${sessionId}/`, { token: other.token })).status).toBe(404);
    await closeChat(sessionId);
    expect((await call(t, 'GET', `/api-v2/chats/${sessionId}/`, { token: admin.token })).body.status).toBe('closed');
  });
});

describe('chat messages', () => {
  it('carries text both ways: the user writes, staff answer as staff', async () => {
    const user = await createUser(t, { first_name: 'Mia', last_name: 'Lopez' });
    const sessionId = (await openChat(user)).body.session_id;
    const mine = await send(user, { session_id: sessionId, text: '  Hello, my deposit is late  ' });
    expect(mine).toMatchObject({
      status: 201,
      body: {
        session: sessionId,
        text: 'Hello, my deposit is late',
        image_url: null,
        is_staff: false,
        sender: user.id,
        sender_username: 'Mia Lopez',
      },
    });
    const reply = await send(admin, { session_id: sessionId, text: 'Checking it now' });
    expect(reply).toMatchObject({
      status: 201,
      body: { is_staff: true, sender: admin.id, sender_username: 'Sam Support' },
    });

    const list = await messages(user, sessionId);
    expect(list.status).toBe(200);
    expect(list.body.map((m) => [m.text, m.is_staff])).toEqual([
      ['Hello, my deposit is late', false],
      ['Checking it now', true],
    ]);
    expect(list.body[0]).toEqual(mine.body);
    expect(Date.parse(list.body[0]!.timestamp)).not.toBeNaN();
    expect((await messages(admin, sessionId)).body).toHaveLength(2);
  });

  it('returns HTML in text verbatim, as plain text in JSON', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    const html = '<img src=x onerror="alert(1)"><b>bold</b> & <script>x</script>';
    expect((await send(user, { session_id: sessionId, text: html })).body.text).toBe(html);
    const res = await messages(user, sessionId);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body[0]!.text).toBe(html);
  });

  it('takes a message as JSON too (text only)', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    const res = await call(t, 'POST', '/api-v2/messages/', {
      token: user.token,
      body: { session_id: sessionId, text: 'from JSON' },
    });
    expect(res).toMatchObject({ status: 201, body: { text: 'from JSON', image_url: null } });
  });

  it('refuses an empty message: no text and no image', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    for (const parts of [
      { session_id: sessionId },
      { session_id: sessionId, text: '' },
      { session_id: sessionId, text: ' \n\t ' },
    ]) {
      expect(await send(user, parts)).toMatchObject({
        status: 400,
        body: { error: MSG.emptyMessage, fields: { text: MSG.emptyMessage } },
      });
    }
    expect((await messages(user, sessionId)).body).toHaveLength(0);
  });

  it('refuses text over 2000 characters and a malformed session id', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    expect((await send(user, { session_id: sessionId, text: 'a'.repeat(2000) })).status).toBe(201);
    expect((await send(user, { session_id: sessionId, text: 'a'.repeat(2001) })).status).toBe(400);
    expect((await send(user, { session_id: 'not-a-uuid', text: 'hi' })).status).toBe(400);
    expect((await postForm(t, '/api-v2/messages/', { text: 'hi' }, { token: user.token })).body.fields).toHaveProperty(
      'session_id',
    );
  });

  it('takes an image alone or with text, and shows it to the owner and staff through a signed URL', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    const bytes = png(320, 240);
    const alone = await send(user, { session_id: sessionId, image: { data: bytes } });
    expect(alone).toMatchObject({ status: 201, body: { text: '' } });
    expect((await send(user, { session_id: sessionId, text: 'see this', image: { data: png() } })).status).toBe(201);
    const forStaff = (await messages(admin, sessionId)).body[0]!;
    const file = await fetchFile(t, forStaff.image_url!);
    expect(file.status).toBe(200);
    // Stored re-encoded without metadata (lib/images.ts): the same kind of image, the same size.
    expect(inspectImage(file.body)).toEqual(inspectImage(bytes));
  });

  it('applies the upload rules to chat images', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    expect(
      await send(user, { session_id: sessionId, text: 'x', image: { data: notAnImage, filename: 'a.png' } }),
    ).toMatchObject({
      status: 400,
      body: { fields: { image: MSG.notAnImage } },
    });
    expect(
      await send(user, { session_id: sessionId, image: { data: padTo(png(), 5 * 1024 * 1024 + 1) } }),
    ).toMatchObject({
      status: 400,
      body: { error: MSG.fileTooLarge },
    });
    expect((await messages(user, sessionId)).body).toHaveLength(0);
  });

  it('tells the event bus about each new message (the hook for a push channel)', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    const heard: ChatEventMap['messageCreated'][] = [];
    const stop = chatEventsOf(t.ctx).on('messageCreated', (event) => heard.push(event));
    try {
      const sent = await send(user, { session_id: sessionId, text: 'ping' });
      expect(heard).toEqual([{ message: sent.body, sessionUserId: user.id }]);
    } finally {
      stop();
    }
    await send(user, { session_id: sessionId, text: 'after unsubscribe' });
    expect(heard).toHaveLength(1);
  });
});

describe("another user's chat is invisible", () => {
  it("answers 404 for reading, writing or opening someone else's session, and stores nothing", async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const sessionId = (await openChat(owner)).body.session_id;
    await send(owner, { session_id: sessionId, text: 'my private question', image: { data: png() } });

    expect(await messages(intruder, sessionId)).toMatchObject({ status: 404, body: { error: MSG.chatNotFound } });
    expect(await send(intruder, { session_id: sessionId, text: 'injected' })).toMatchObject({
      status: 404,
      body: { error: MSG.chatNotFound },
    });
    expect((await send(intruder, { session_id: sessionId, image: { data: png() } })).status).toBe(404);
    expect((await call(t, 'GET', `/api-v2/chats/${sessionId}/`, { token: intruder.token })).status).toBe(404);

    // An unknown session looks exactly the same.
    const unknown = await messages(intruder, '00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { error: MSG.chatNotFound } });

    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(stored.map((m) => m.text)).toEqual(['my private question']);
  });

  it("keeps the owner's chat images unreachable with a URL forged from the intruder's own", async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    const ownerSession = (await openChat(owner)).body.session_id;
    const secret = await send(owner, { session_id: ownerSession, image: { data: png(10, 10) } });
    const intruderSession = (await openChat(intruder)).body.session_id;
    const mine = await send(intruder, { session_id: intruderSession, image: { data: png() } });

    const target = new URL(secret.body.image_url!, 'http://x').pathname;
    const mineUrl = new URL(mine.body.image_url!, 'http://x');
    expect((await fetchFile(t, `${target}${mineUrl.search}`)).status).toBe(403);
    expect((await fetchFile(t, target)).status).toBe(403);
  });

  it('needs a login for every chat route', async () => {
    expect((await call(t, 'POST', '/api-v2/chats/')).status).toBe(401);
    expect((await call(t, 'GET', '/api-v2/messages/?session_id=00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
    expect(
      (await postForm(t, '/api-v2/messages/', { session_id: '00000000-0000-4000-8000-000000000000', text: 'x' }))
        .status,
    ).toBe(401);
  });
});

describe('ended chats', () => {
  it('refuse new messages from user and staff, and keep their history readable', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    await send(user, { session_id: sessionId, text: 'before' });
    expect(await closeChat(sessionId)).toMatchObject({
      status: 200,
      body: { message: MSG.chatClosed, session_id: sessionId },
    });

    expect(await send(user, { session_id: sessionId, text: 'after' })).toMatchObject({
      status: 409,
      body: { error: MSG.chatEnded },
    });
    expect(await send(admin, { session_id: sessionId, text: 'after' })).toMatchObject({
      status: 409,
      body: { error: MSG.chatEnded },
    });
    expect((await send(user, { session_id: sessionId, image: { data: png() } })).status).toBe(409);
    expect((await messages(user, sessionId)).body.map((m) => m.text)).toEqual(['before']);
  });

  it('are ended once, audited, and ending again changes nothing', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    expect((await closeChat(sessionId)).status).toBe(200);
    expect((await closeChat(sessionId)).status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'chat_session'), eq(auditLog.targetId, sessionId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: 'chat.close' });
    expect((await closeChat('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('staff chat desk', () => {
  it('lists open chats with messages, keyed by a JSON string of user_id and username', async () => {
    const user = await createUser(t, { first_name: 'Noor', last_name: 'Haddad' });
    const quiet = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    const quietSession = (await openChat(quiet)).body.session_id;
    await send(user, { session_id: sessionId, text: 'first' });
    await send(admin, { session_id: sessionId, text: 'second' });

    const res = await desk();
    expect(res.status).toBe(200);
    const key = JSON.stringify({ user_id: user.id, username: 'Noor Haddad' });
    expect(parseChatKey(key)).toEqual({ user_id: user.id, username: 'Noor Haddad' });
    const chat = res.body[key]!;
    expect(chat.map((m) => m.text)).toEqual(['first', 'second']);
    expect(chat[0]).toMatchObject({ session: sessionId, is_staff: false });
    expect(Date.parse(chat[0]!.timestamp)).not.toBeNaN();

    // A chat nobody wrote in yet has nothing to answer, so it is not listed.
    const sessions = Object.values(res.body).map((list) => list[0]!.session);
    expect(sessions).not.toContain(quietSession);
  });

  it('puts the most recently active chat first and drops ended chats', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const sa = (await openChat(a)).body.session_id;
    const sb = (await openChat(b)).body.session_id;
    await send(a, { session_id: sa, text: 'a1' });
    await send(b, { session_id: sb, text: 'b1' });
    await send(a, { session_id: sa, text: 'a2' });
    let order = Object.values((await desk()).body).map((list) => list[0]!.session);
    expect(order.indexOf(sa)).toBeLessThan(order.indexOf(sb));

    await closeChat(sa);
    order = Object.values((await desk()).body).map((list) => list[0]!.session);
    expect(order).not.toContain(sa);
    expect(order).toContain(sb);
  });

  it('is for staff only: users get 403 on the list and on ending a chat', async () => {
    const user = await createUser(t);
    const sessionId = (await openChat(user)).body.session_id;
    expect((await desk(user.token)).status).toBe(403);
    expect((await closeChat(sessionId, user.token)).status).toBe(403);
    expect((await call(t, 'GET', `/api-v2/chats/${sessionId}/`, { token: user.token })).body.status).toBe('open');
    expect((await call(t, 'GET', '/api-v2/support/latest-messages/')).status).toBe(401);
  });
});
