import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_STREAMS } from '../../src/shared/api/support.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { connectWs } from '../helpers/ws.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, staff] = await Promise.all([signUp(t), signUp(t), createAdmin(t)]);
});
afterAll(() => t.close());

async function loggedInSocket(user: TestUser) {
  const client = await connectWs(t);
  client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
  expect(await client.next((f) => f.id === 'login')).toEqual({
    result: { user_id: user.id, is_admin: user.login.user.is_admin },
    id: 'login',
  });
  return client;
}

const sendText = (user: TestUser, sessionId: string, text: string) =>
  call(t, 'POST', '/api-v2/messages/', { token: user.token, body: { session_id: sessionId, text } });

describe('chat pushed over the WebSocket', () => {
  it('handles a SUBSCRIBE sent right behind LOGIN after the login (frames in order)', async () => {
    const client = await connectWs(t, '/stream');
    client.send({ method: 'LOGIN', params: [alice.token], id: 1 });
    client.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(alice.id)], id: 2 });
    expect(await client.next((f) => f.id === 2)).toEqual({ result: null, id: 2 });
  });

  it('refuses chat streams before LOGIN, with a bad token, and for another user', async () => {
    const anonymous = await connectWs(t);
    anonymous.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(alice.id)], id: 1 });
    expect((await anonymous.next((f) => f.id === 1)).error.msg).toMatch(/not allowed/);
    anonymous.send({ method: 'LOGIN', params: ['not-a-token'], id: 2 });
    expect((await anonymous.next((f) => f.id === 2)).error).toEqual({ code: 401, msg: 'Invalid or expired token' });

    const asBob = await loggedInSocket(bob);
    asBob.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(alice.id)], id: 3 });
    expect((await asBob.next((f) => f.id === 3)).error.msg).toMatch(/not allowed/);
    asBob.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.staff], id: 4 });
    expect((await asBob.next((f) => f.id === 4)).error.msg).toMatch(/not allowed/);
  });

  it("pushes a staff reply to the session's user and a user's message to staff, and nobody else", async () => {
    const session = await call(t, 'POST', '/api-v2/chats/', { token: alice.token });
    const sessionId = session.body.session_id as string;

    const asAlice = await loggedInSocket(alice);
    asAlice.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(alice.id)], id: 1 });
    await asAlice.next((f) => f.id === 1);
    const asBob = await loggedInSocket(bob);
    asBob.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.user(bob.id)], id: 1 });
    await asBob.next((f) => f.id === 1);
    const asStaff = await loggedInSocket(staff);
    asStaff.send({ method: 'SUBSCRIBE', params: [CHAT_STREAMS.staff], id: 1 });
    await asStaff.next((f) => f.id === 1);

    expect((await sendText(alice, sessionId, 'hello, my deposit?')).status).toBe(201);
    const toStaff = await asStaff.next((f) => f.e === 'chatMessage');
    expect(toStaff.message).toMatchObject({ session: sessionId, text: 'hello, my deposit?', is_staff: false });

    expect((await sendText(staff, sessionId, 'On its way')).status).toBe(201);
    const toAlice = await asAlice.next((f) => f.e === 'chatMessage' && f.message.is_staff);
    expect(toAlice.message).toMatchObject({ session: sessionId, text: 'On its way' });

    expect(
      (await call(t, 'POST', '/api-v2/close-chat/', { token: staff.token, body: { session_id: sessionId } })).status,
    ).toBe(200);
    expect(await asAlice.next((f) => f.e === 'chatClosed')).toEqual({ e: 'chatClosed', session_id: sessionId });

    expect(asBob.frames.filter((f) => f.e)).toEqual([]);
  });
});
