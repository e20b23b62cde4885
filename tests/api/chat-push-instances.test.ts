/**
 * Chat pushed across instances (docs/decisions/0036-event-bus.md): two servers on one database,
 * as behind a load balancer. A user's socket is on A; a staff reply posted through B must reach it at
 * once (not at the next 3 s poll), over each event bus transport (src/server/lib/event-bus.ts):
 * PostgreSQL NOTIFY without REDIS_URL, Redis pub/sub with it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_STREAMS } from '../../src/shared/api/support.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { startRedis, type TestRedis } from '../helpers/redis.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { connectWs } from '../helpers/ws.js';

describe.each([
  { over: 'PostgreSQL', redis: false },
  { over: 'Redis', redis: true },
])('chat pushed across instances, event bus over $over', ({ redis: withRedis }) => {
  let redis: TestRedis | undefined;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof anotherInstance>>;
  /** Instance B as the helpers take it (they use only `app`). */
  let onB: TestApp;
  let user: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    redis = withRedis ? await startRedis() : undefined;
    a = await createTestApp(redis ? { env: { REDIS_URL: redis.url } } : {});
    b = await anotherInstance(a);
    onB = { ...a, app: b.app, ctx: b.ctx };
    [user, staff] = await Promise.all([signUp(a), createAdmin(a)]);
    await vi.waitFor(() => expect(a.ctx.bus.ready() && b.ctx.bus.ready()).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis?.stop();
  });

  async function socketOn(instance: TestApp, who: TestUser, topic: string) {
    const client = await connectWs(instance);
    client.send({ method: 'LOGIN', params: [who.token], id: 'login' });
    await client.next((f) => f.id === 'login');
    client.send({ method: 'SUBSCRIBE', params: [topic], id: 'sub' });
    expect(await client.next((f) => f.id === 'sub')).toEqual({ result: null, id: 'sub' });
    return client;
  }

  const sendText = (instance: TestApp, who: TestUser, sessionId: string, text: string) =>
    call(instance, 'POST', '/api-v2/messages/', { token: who.token, body: { session_id: sessionId, text } });

  it('uses the transport REDIS_URL selects, on both instances', () => {
    expect([a.ctx.bus.transport, b.ctx.bus.transport]).toEqual(
      withRedis ? ['redis', 'redis'] : ['postgres', 'postgres'],
    );
  });

  it("pushes a staff reply posted through B to the user's socket on A, a user's message through A to staff on B, and a close through B", async () => {
    const sessionId = (await call(a, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id as string;
    const userOnA = await socketOn(a, user, CHAT_STREAMS.user(user.id));
    const staffOnB = await socketOn(onB, staff, CHAT_STREAMS.staff);

    expect((await sendText(a, user, sessionId, 'where is my deposit?')).status).toBe(201);
    const toStaff = await staffOnB.next((f) => f.e === 'chatMessage');
    expect(toStaff.message).toMatchObject({ session: sessionId, text: 'where is my deposit?', is_staff: false });

    const reply = await sendText(onB, staff, sessionId, 'Credited a minute ago');
    expect(reply.status).toBe(201);
    const toUser = await userOnA.next((f) => f.e === 'chatMessage' && f.message.is_staff);
    // The frame is the row as the API gives it (read on A from the id B published).
    expect(toUser).toEqual({ e: 'chatMessage', message: reply.body });

    expect(
      (await call(onB, 'POST', '/api-v2/close-chat/', { token: staff.token, body: { session_id: sessionId } })).status,
    ).toBe(200);
    expect(await userOnA.next((f) => f.e === 'chatClosed')).toEqual({ e: 'chatClosed', session_id: sessionId });
    // Each event once, not once per instance that heard it.
    expect(userOnA.frames.filter((f) => f.e).map((f) => f.e)).toEqual(['chatMessage', 'chatMessage', 'chatClosed']);
    expect(staffOnB.frames.filter((f) => f.e === 'chatMessage')).toHaveLength(2);
  });

  it.runIf(withRedis)(
    'with Redis gone, an instance still pushes what it commits to its own sockets (the others poll)',
    async () => {
      const other = await signUp(a);
      const sessionId = (await call(a, 'POST', '/api-v2/chats/', { token: other.token })).body.session_id as string;
      const userOnA = await socketOn(a, other, CHAT_STREAMS.user(other.id));
      await redis!.stop({ crash: true });
      redis = undefined;
      await vi.waitFor(() => expect(a.ctx.bus.ready()).toBe(false), { timeout: 10_000 });
      expect((await sendText(a, staff, sessionId, 'Still here')).status).toBe(201);
      expect((await userOnA.next((f) => f.e === 'chatMessage')).message).toMatchObject({ text: 'Still here' });
    },
  );
});
