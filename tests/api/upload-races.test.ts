/**
 * Uploaded files and the races around them (docs/architecture.md section 6): an image is written
 * before its row, so whenever the row does not come to be (the chat closed meanwhile, the insert
 * failed, another identity submission won), the file is removed again. Checked on the disk: the
 * test app's upload folder holds exactly the files some row refers to.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { refuseInserts } from '../helpers/faults.js';
import { jpeg, png, webp } from '../helpers/images.js';
import { eventually } from '../helpers/log.js';
import { staff } from '../helpers/money.js';
import { postForm } from '../helpers/multipart.js';
import { call, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploadedFiles = (): string[] => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};

/** Every file name some row refers to: chat images and identity documents. */
async function referencedFiles(): Promise<string[]> {
  const { rows } = await t.db.execute<{ name: string }>(sql`
    select image as name from chat_messages where image is not null
    union all select id_card_front from verifications
    union all select id_card_back from verifications
    union all select selfie from verifications`);
  return rows.map((r) => r.name).sort();
}

async function expectDiskMatchesRows() {
  expect(uploadedFiles()).toEqual(await referencedFiles());
}

async function someoneWaitsForALock(): Promise<boolean> {
  const { rows } = await t.db.execute<{ waiting: string }>(
    sql`select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return Number(rows[0]!.waiting) > 0;
}

/** Run `work` in a transaction on a connection of its own, committed once `whileOpen` has started and waits for it. */
async function holdingTransaction<T>(
  work: (client: PoolClient) => Promise<void>,
  whileOpen: () => Promise<T>,
): Promise<T> {
  const client = await t.db.$client.connect();
  try {
    await client.query('begin');
    await work(client);
    const pending = whileOpen();
    await eventually(someoneWaitsForALock, 10_000, 'the request to wait for the open transaction');
    await client.query('commit');
    return await pending;
  } catch (error) {
    // The original failure is what the test reports; a rollback on a broken connection adds nothing.
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const sendImage = (user: TestUser, sessionId: string) =>
  postForm(
    t,
    '/api-v2/messages/',
    { session_id: sessionId, text: 'see attached', image: { data: png(40, 40), filename: 'shot.png' } },
    { token: user.token },
  );

async function openChat(user: TestUser): Promise<string> {
  const session = await call(t, 'POST', '/api-v2/chats/', { token: user.token });
  expect(session.status).toBeLessThan(300);
  return session.body.session_id as string;
}

describe('a chat image', () => {
  it('is removed when the chat closes while its message waits to be written', async () => {
    const user = await createUser(t);
    const sessionId = await openChat(user);
    const before = uploadedFiles();

    // Staff close the chat (as close-chat does: the session row locked for update) while the message is on its way.
    const answer = await holdingTransaction(
      async (client) => {
        await client.query('select id from chat_sessions where id = $1 for update', [sessionId]);
        await client.query("update chat_sessions set status = 'closed', closed_at = now() where id = $1", [sessionId]);
      },
      () => sendImage(user, sessionId),
    );

    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(MSG.chatEnded);
    expect(uploadedFiles()).toEqual(before);
    const { rows } = await t.db.execute(sql`select id from chat_messages where session_id = ${sessionId}`);
    expect(rows).toEqual([]);
    await expectDiskMatchesRows();
  });

  it('racing the close over the API either lands before it or leaves no file behind', async () => {
    const admin = await staff(t);
    for (let round = 0; round < 4; round++) {
      const user = await createUser(t);
      const sessionId = await openChat(user);
      const [message, close] = await Promise.all([
        sendImage(user, sessionId),
        call(t, 'POST', '/api-v2/close-chat/', { token: admin.token, body: { session_id: sessionId } }),
      ]);
      expect(close.status).toBe(200);
      expect([201, 409]).toContain(message.status);
    }
    await expectDiskMatchesRows();
  });

  it('is removed when writing its message fails', async () => {
    const user = await createUser(t);
    const sessionId = await openChat(user);
    const before = uploadedFiles();
    const restore = await refuseInserts(t, 'chat_messages', 'chat_messages is read-only');
    try {
      const answer = await sendImage(user, sessionId);
      expect(answer.status).toBe(500);
    } finally {
      await restore();
    }
    expect(uploadedFiles()).toEqual(before);
    await expectDiskMatchesRows();
  });
});

describe('identity documents', () => {
  const documents = (user: TestUser) => ({
    full_name: 'Ada Trader',
    user_id: user.login.user.uniqueid,
    id_card_front: { data: jpeg(800, 500), filename: 'front.jpg', contentType: 'image/jpeg' },
    id_card_back: { data: png(800, 500), filename: 'back.png', contentType: 'image/png' },
    selfie: { data: webp(600, 800), filename: 'selfie.webp', contentType: 'image/webp' },
  });

  it('are removed when another submission of the same user wins the one-pending race', async () => {
    const user = await createUser(t);
    const before = uploadedFiles();

    // The other submission is being written (its row inserted, not committed) when this one arrives.
    const answer = await holdingTransaction(
      async (client) => {
        await client.query(
          `insert into verifications (user_id, full_name, id_card_number, id_card_front, id_card_back, selfie)
           values ($1, 'Ada Trader', $2, 'other-front.jpg', 'other-back.png', 'other-selfie.webp')`,
          [user.id, user.login.user.uniqueid],
        );
      },
      () => postForm(t, '/api-v1/documents-verification/', documents(user), { token: user.token }),
    );

    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(MSG.verificationUnderReview);
    expect(uploadedFiles()).toEqual(before);
    await t.db.execute(sql`delete from verifications where user_id = ${user.id}`); // the row whose files never existed
    await expectDiskMatchesRows();
  });

  it('sent twice at once keep the files of the one that was accepted, and only those', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postForm(t, '/api-v1/documents-verification/', documents(user), { token: user.token })),
    );
    expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status >= 300)) expect(a.status).toBe(409);
    await expectDiskMatchesRows();
  });
});
