/**
 * A chat's history in bounded pages, and a bounded chat (docs/decisions/0050): a user who has
 * written many messages gets the newest page from GET /api-v2/messages/ and older pages on request
 * (`before`, `limit`); the staff desk's list carries the newest page of each chat; a chat holds at
 * most CHAT_SESSION_MAX_MESSAGES, the next message is refused and nothing is stored.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../src/server/modules/chat/schema.js';
import {
  CHAT_PAGE_SIZE,
  CHAT_SESSION_MAX_MESSAGES,
  parseChatKey,
  type ChatMessage,
  type LatestMessagesResponse,
} from '../../src/shared/api/support.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

const WRITTEN = 120;

async function chatWith(user: TestUser, messages: number): Promise<string> {
  const opened = await call<{ session_id: string }>(t, 'POST', '/api-v2/chats/', { token: user.token });
  const sessionId = opened.body.session_id;
  for (let i = 1; i <= messages; i++) {
    const res = await call(t, 'POST', '/api-v2/messages/', {
      token: user.token,
      body: { session_id: sessionId, text: `message ${i}` },
    });
    expect(res.status).toBe(201);
  }
  return sessionId;
}

const page = (user: TestUser, query: string) =>
  call<ChatMessage[]>(t, 'GET', `/api-v2/messages/?${query}`, { token: user.token });
const texts = (messages: ChatMessage[]) => messages.map((m) => m.text);
const written = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`);

describe('a chat with many messages, a page at a time', () => {
  let user: TestUser;
  let sessionId: string;
  beforeAll(async () => {
    user = await createUser(t);
    sessionId = await chatWith(user, WRITTEN);
  });

  it('answers the newest page by default, oldest first, and older pages with before', async () => {
    const newest = await page(user, `session_id=${sessionId}`);
    expect(newest.status).toBe(200);
    expect(texts(newest.body)).toEqual(written(WRITTEN - CHAT_PAGE_SIZE + 1, WRITTEN));

    const earlier = await page(user, `session_id=${sessionId}&before=${newest.body[0]!.id}`);
    expect(texts(earlier.body)).toEqual(written(WRITTEN - 2 * CHAT_PAGE_SIZE + 1, WRITTEN - CHAT_PAGE_SIZE));
    const first = await page(user, `session_id=${sessionId}&before=${earlier.body[0]!.id}`);
    expect(texts(first.body)).toEqual(written(1, WRITTEN - 2 * CHAT_PAGE_SIZE)); // short: the chat's start
    expect((await page(user, `session_id=${sessionId}&before=${first.body[0]!.id}`)).body).toEqual([]);

    const small = await page(user, `session_id=${sessionId}&limit=5`);
    expect(texts(small.body)).toEqual(written(WRITTEN - 4, WRITTEN));
  });

  it.each(['limit=0', 'limit=201', 'limit=x', 'before=0', 'before=abc'])(
    'refuses %s with a clear message',
    async (q) => {
      const res = await page(user, `session_id=${sessionId}&${q}`);
      expect(res.status).toBe(400);
      expect((res.body as unknown as { error: string }).error).toEqual(expect.any(String));
    },
  );

  it("another user's chat stays hidden whatever the page asked", async () => {
    const stranger = await createUser(t);
    expect((await page(stranger, `session_id=${sessionId}&before=999999&limit=200`)).status).toBe(404);
  });

  it("the staff desk's list carries each chat's newest page, and staff page back through the rest", async () => {
    const list = await call<LatestMessagesResponse>(t, 'GET', '/api-v2/support/latest-messages/', {
      token: admin.token,
    });
    const chat = Object.entries(list.body).find(([key]) => parseChatKey(key)?.user_id === user.id)![1];
    expect(texts(chat)).toEqual(written(WRITTEN - CHAT_PAGE_SIZE + 1, WRITTEN));
    const earlier = await page(admin, `session_id=${sessionId}&before=${chat[0]!.id}&limit=200`);
    expect(texts(earlier.body)).toEqual(written(1, WRITTEN - CHAT_PAGE_SIZE));
  });
});

describe('a bounded chat', () => {
  it(`refuses the message past ${CHAT_SESSION_MAX_MESSAGES} and stores nothing`, async () => {
    const user = await createUser(t);
    const sessionId = await chatWith(user, 1);
    // The flood itself, written straight to the table: the route would take minutes at its rate limit.
    await t.db.execute(sql`
      insert into chat_messages (session_id, sender_id, is_staff, text)
      select ${sessionId}::uuid, ${user.id}, false, 'flood ' || n
      from generate_series(2, ${CHAT_SESSION_MAX_MESSAGES}) n`);
    const refused = await call(t, 'POST', '/api-v2/messages/', {
      token: user.token,
      body: { session_id: sessionId, text: 'one more' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'support.chatFull', params: { p0: String(CHAT_SESSION_MAX_MESSAGES) } });
    const [held] = await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(held!.n).toBe(CHAT_SESSION_MAX_MESSAGES);
    // Staff can still end it.
    const closed = await call(t, 'POST', '/api-v2/close-chat/', {
      token: admin.token,
      body: { session_id: sessionId },
    });
    expect(closed.status).toBe(200);
  });
});
