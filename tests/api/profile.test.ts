/**
 * SPEC's listed profile and basic-info calls (docs/architecture.md "## Profile"):
 * GET /api-v1/user/profile/ is /info/'s answer, POST /api-v1/user/update/ changes the two names and
 * nothing else, GET /api-v2/identity/basic-info/ is the user's own latest submission (404 when none).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema.js';
import { verifications } from '../../src/server/modules/identity/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { PROFILE_MSG, PROFILE_NAME_MAX } from '../../src/shared/api/profile.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { jpeg, png, webp } from '../helpers/images.js';
import { postForm } from '../helpers/multipart.js';
import { call, createUser, logIn, type TestUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (user: TestUser) => call(t, 'GET', '/api-v1/user/profile/', { token: user.token });
const info = (user: TestUser) => call(t, 'GET', '/api-v1/info/', { token: user.token });
const update = (user: TestUser, body: unknown) => call(t, 'POST', '/api-v1/user/update/', { token: user.token, body });
const basicInfo = (user: TestUser) => call(t, 'GET', '/api-v2/identity/basic-info/', { token: user.token });
const names = async (user: TestUser) => {
  const [row] = await t.db
    .select({ first: users.firstName, last: users.lastName, email: users.email, uniqueid: users.uniqueid })
    .from(users)
    .where(eq(users.id, user.id));
  return row!;
};
const profileAudits = (user: TestUser) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.profile_update'), eq(auditLog.targetId, String(user.id))));

describe('GET /api-v1/user/profile/', () => {
  it('answers exactly the fields and values of GET /api-v1/info/', async () => {
    const user = await createUser(t, { first_name: 'Prue', last_name: 'Field' });
    const [mine, theInfo] = await Promise.all([profile(user), info(user)]);
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body).sort()).toEqual(Object.keys(theInfo.body).sort());
    expect(mine.body).toEqual(theInfo.body);
    expect(mine.body).toMatchObject({ first_name: 'Prue', last_name: 'Field', email: user.email });
  });

  it('is the signed-in user only: each user gets their own, no token gets 401', async () => {
    const [a, b] = await Promise.all([
      createUser(t, { first_name: 'Alma', last_name: 'One' }),
      createUser(t, { first_name: 'Bert', last_name: 'Two' }),
    ]);
    expect((await profile(a)).body).toMatchObject({ email: a.email, first_name: 'Alma' });
    expect((await profile(b)).body).toMatchObject({ email: b.email, first_name: 'Bert' });
    for (const [method, url] of [
      ['GET', '/api-v1/user/profile/'],
      ['POST', '/api-v1/user/update/'],
      ['GET', '/api-v2/identity/basic-info/'],
    ] as const) {
      const res = await call(t, method, url, method === 'POST' ? { body: { first_name: 'X', last_name: 'Y' } } : {});
      expect(res.status, url).toBe(401);
      expect(typeof res.body.error, url).toBe('string');
    }
  });
});

describe('POST /api-v1/user/update/', () => {
  it('saves both names and answers the updated profile, which /info/ and the next login show too', async () => {
    const user = await createUser(t, { first_name: 'Old', last_name: 'Name' });
    const res = await update(user, { first_name: 'New', last_name: 'Surname' });
    expect(res.status).toBe(200);
    const { message, ...rest } = res.body;
    expect(message).toBe(PROFILE_MSG.updated);
    expect(rest).toEqual((await info(user)).body);
    expect(rest).toMatchObject({ first_name: 'New', last_name: 'Surname' });
    expect((await logIn(t, user.email, user.password)).login.user).toMatchObject({
      first_name: 'New',
      last_name: 'Surname',
      username: 'New Surname',
    });
  });

  it('trims, makes runs of spaces one, and stores Unicode NFC', async () => {
    const user = await createUser(t);
    // 'e' + combining acute accent is stored as the one letter é.
    const res = await update(user, { first_name: '  Mary   Ann  ', last_name: '\tRene\u0301e ' });
    expect(res.body).toMatchObject({ first_name: 'Mary Ann', last_name: 'Ren\u00e9e' });
    expect(await names(user)).toMatchObject({ first: 'Mary Ann', last: 'Ren\u00e9e' });
  });

  it('accepts names in any script', async () => {
    const user = await createUser(t);
    for (const [first_name, last_name] of [
      ['José', 'García-Márquez'],
      ["O'Brien", 'D’Angelo'],
      ['王', '小明'],
      ['艾伦·图灵', 'Turing'],
      ['Анна-Мария', 'Иванова'],
      ['أحمد', 'الخطيب'],
      ['राम', 'शर्मा'],
      ['Ζωή', 'Παπαδοπούλου'],
      ['A'.repeat(PROFILE_NAME_MAX), '山'.repeat(PROFILE_NAME_MAX)],
    ]) {
      const res = await update(user, { first_name, last_name });
      expect(res, `${first_name} ${last_name}`).toMatchObject({ status: 200, body: { first_name, last_name } });
    }
  });

  // One account for the refusals below: each must leave its names as they are.
  let kept: TestUser;
  beforeAll(async () => {
    kept = await createUser(t, { first_name: 'Kept', last_name: 'Same' });
  });

  it.each([
    [{ first_name: '', last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameRequired],
    [{ first_name: '   ', last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameRequired],
    [{ last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameRequired],
    [{ first_name: 'Ok', last_name: null }, 'last_name', PROFILE_MSG.lastNameRequired],
    [{ first_name: 'Ok', last_name: 42 }, 'last_name', PROFILE_MSG.lastNameRequired],
    [{ first_name: 'A'.repeat(PROFILE_NAME_MAX + 1), last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameTooLong],
    [{ first_name: 'Ok', last_name: '山'.repeat(PROFILE_NAME_MAX + 1) }, 'last_name', PROFILE_MSG.lastNameTooLong],
    [{ first_name: 'R2D2', last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameCharacters],
    [{ first_name: 'Ok', last_name: '<script>' }, 'last_name', PROFILE_MSG.lastNameCharacters],
    [{ first_name: 'Ok', last_name: '🦄' }, 'last_name', PROFILE_MSG.lastNameCharacters],
    [{ first_name: '-Ann', last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameCharacters],
    [{ first_name: 'Ann--Lee', last_name: 'Ok' }, 'first_name', PROFILE_MSG.firstNameCharacters],
    [{ first_name: 'Ok', last_name: "Smith'" }, 'last_name', PROFILE_MSG.lastNameCharacters],
    [{ first_name: 'Ok', last_name: 'a.b@c.com' }, 'last_name', PROFILE_MSG.lastNameCharacters],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const res = await update(kept, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields[field]).toBe(message);
    expect(await names(kept)).toMatchObject({ first: 'Kept', last: 'Same' });
  });

  it.each([
    { email: 'new@example.com' },
    { balance: '1000000' },
    { is_admin: true },
    { uniqueid: '12345678' },
    { is_verified: 'verified' },
    { promotion_code: 'FREEMONEY' },
    { user_id: 1 },
  ])('refuses a body that also carries %j, naming the key, and changes nothing', async (extra) => {
    const user = kept;
    const before = await names(user);
    const res = await update(user, { first_name: 'Changed', last_name: 'Too', ...extra });
    expect(res.status).toBe(400);
    const [key] = Object.keys(extra);
    expect(res.body.error).toBe(PROFILE_MSG.onlyNames([key!]));
    expect(await names(user)).toEqual(before);
    const [row] = await t.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, user.id));
    expect(row!.isAdmin).toBe(false);
    expect(await profileAudits(user)).toEqual([]);
  });

  it('refuses a body that is not an object', async () => {
    const res = await call(t, 'POST', '/api-v1/user/update/', {
      token: kept.token,
      body: '["Ann","Lee"]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: PROFILE_MSG.bodyNotObject } });
  });

  it("changes only the caller's own names, whoever else is named in the request", async () => {
    const [me, victim] = await Promise.all([
      createUser(t, { first_name: 'Mallory', last_name: 'Me' }),
      createUser(t, { first_name: 'Victor', last_name: 'Victim' }),
    ]);
    expect((await update(me, { first_name: 'Renamed', last_name: 'Me' })).status).toBe(200);
    expect((await update(me, { first_name: 'X', last_name: 'Y', user_id: victim.id })).status).toBe(400);
    expect(await names(victim)).toMatchObject({ first: 'Victor', last: 'Victim' });
    expect((await profile(victim)).body).toMatchObject({ first_name: 'Victor', email: victim.email });
    expect(await names(me)).toMatchObject({ first: 'Renamed', last: 'Me' });
  });

  it('writes the change to the audit log with who, before and after; saving the same names records nothing', async () => {
    const user = await createUser(t, { first_name: 'Audrey', last_name: 'Before' });
    expect((await update(user, { first_name: 'Audrey', last_name: 'After' })).status).toBe(200);
    expect((await update(user, { first_name: 'Audrey', last_name: 'After' })).status).toBe(200);
    const entries = await profileAudits(user);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: user.id,
      targetType: 'user',
      before: { first_name: 'Audrey', last_name: 'Before' },
      after: { first_name: 'Audrey', last_name: 'After' },
    });
  });
});

describe('GET /api-v2/identity/basic-info/', () => {
  const form = (user: TestUser, fullName: string) => ({
    full_name: fullName,
    user_id: `ID-${user.id}`,
    id_card_front: { data: jpeg(800, 500), filename: 'front.jpg', contentType: 'image/jpeg' },
    id_card_back: { data: png(800, 500), filename: 'back.png', contentType: 'image/png' },
    selfie: { data: webp(600, 800), filename: 'selfie.webp', contentType: 'image/webp' },
  });

  it("answers 404 with a clear message when nothing was submitted, then the user's own submission", async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    expect(await basicInfo(user)).toMatchObject({ status: 404, body: { error: MSG.noVerificationSubmitted } });

    const sent = await postForm(t, '/api-v1/documents-verification/', form(user, 'Bea Sic'), { token: user.token });
    expect(sent.status).toBe(201);
    const res = await basicInfo(user);
    expect(res).toMatchObject({
      status: 200,
      body: {
        full_name: 'Bea Sic',
        id_card_number: `ID-${user.id}`,
        verification_status: 'pending',
        is_verified: false,
        rejection_reason: null,
      },
    });
    // The same answer as the status call; never the stored images (those reach staff only).
    expect(res.body).toEqual((await call(t, 'GET', '/api-v1/documents-verification/', { token: user.token })).body);
    const [row] = await t.db.select().from(verifications).where(eq(verifications.userId, user.id));
    for (const file of [row!.idCardFront, row!.idCardBack, row!.selfie])
      expect(JSON.stringify(res.body)).not.toContain(file);

    // Another user still has none: never someone else's submission.
    expect(await basicInfo(other)).toMatchObject({ status: 404, body: { error: MSG.noVerificationSubmitted } });
  });
});
