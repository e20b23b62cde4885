/** Identity verification (docs/decisions/0003-identity-verification.md): the user's submission and status, staff review, who can see the images. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/server/lib/images.js';
import { auditLog } from '../../src/server/db/schema.js';
import { verifications } from '../../src/server/modules/identity/schema.js';
import { MAX_IMAGE_BYTES } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import type { TestApp } from '../helpers/app.js';
import { appWithStaff } from '../helpers/money.js';
import { jpeg, notAnImage, padTo, png, webp } from '../helpers/images.js';
import { fetchFile, postForm, type FormParts } from '../helpers/multipart.js';
import { call, createAdmin, createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => ({ t, admin } = await appWithStaff()));
afterAll(() => t.close());

const images = { front: jpeg(800, 500), back: png(800, 500), selfie: webp(600, 800) };

const fullForm = (user: TestUser, overrides: FormParts = {}): FormParts => ({
  full_name: 'Ada Trader',
  user_id: user.login.user.uniqueid,
  id_card_front: { data: images.front, filename: 'front.jpg', contentType: 'image/jpeg' },
  id_card_back: { data: images.back, filename: 'back.png', contentType: 'image/png' },
  selfie: { data: images.selfie, filename: 'selfie.webp', contentType: 'image/webp' },
  ...overrides,
});

const submit = (user: TestUser, overrides: FormParts = {}) =>
  postForm(t, '/api-v1/documents-verification/', fullForm(user, overrides), { token: user.token });
const status = (user: TestUser) => call(t, 'GET', '/api-v1/documents-verification/', { token: user.token });
const decide = (userId: number, body: object, token = admin.token) =>
  call(t, 'PATCH', `/api-v3/admin/verify-user/${userId}/`, { token, body });
const details = (userId: number, token = admin.token) =>
  call(t, 'GET', `/api-v3/admin/user-verifications/${userId}/`, { token });
const pendingList = (token = admin.token) => call(t, 'GET', '/api-v3/admin/unverified-users-records/', { token });

describe('staff list of submissions to review', () => {
  it('is an empty list, not an error, when nobody is waiting', async () => {
    expect(await pendingList()).toMatchObject({ status: 200, body: [] });
  });
});

describe('submitting documents', () => {
  it('takes the form, shows Under Review, and lets staff open the three images', async () => {
    const user = await createUser(t, { first_name: 'Ada', last_name: 'Trader' });
    expect((await status(user)).status).toBe(404);

    const res = await submit(user, { user_id: 'ID-4411' });
    expect(res).toMatchObject({
      status: 201,
      body: { message: MSG.verificationSubmitted, verification_status: 'pending' },
    });

    expect(await status(user)).toMatchObject({
      status: 200,
      body: {
        is_verified: false,
        verification_status: 'pending',
        rejection_reason: null,
        full_name: 'Ada Trader',
        id_card_number: 'ID-4411',
      },
    });
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).body.is_verified).toBe('pending');

    const list = await pendingList();
    expect(list.body).toContainEqual(
      expect.objectContaining({ user_id: user.id, full_name: 'Ada Trader', user_uniqueid: user.login.user.uniqueid }),
    );

    const d = await details(user.id);
    expect(d).toMatchObject({
      status: 200,
      body: {
        full_name: 'Ada Trader',
        user_email: user.email,
        user_uniqueid: user.login.user.uniqueid,
        verification_status: 'pending',
      },
    });
    expect(Date.parse(d.body.created_at)).not.toBeNaN();
    for (const [url, bytes, type] of [
      [d.body.id_card_front_url, images.front, 'image/jpeg'],
      [d.body.id_card_back_url, images.back, 'image/png'],
      [d.body.selfie_url, images.selfie, 'image/webp'],
    ] as const) {
      const file = await fetchFile(t, url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      // Stored re-encoded without metadata (lib/images.ts): the same kind of image, the same size.
      expect(inspectImage(file.body)).toEqual(inspectImage(bytes));
    }
  });

  it("belongs to the token's user; the form's user_id is only the ID number", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    expect((await submit(user, { user_id: String(other.id) })).status).toBe(201);
    expect((await status(other)).status).toBe(404);
    expect((await status(user)).body.id_card_number).toBe(String(other.id));
  });

  it.each([
    ['full_name', MSG.fullNameRequired],
    ['user_id', MSG.idNumberRequired],
    ['id_card_front', MSG.idCardFrontRequired],
    ['id_card_back', MSG.idCardBackRequired],
    ['selfie', MSG.selfieRequired],
  ])('refuses a form without %s, naming it', async (field, message) => {
    const user = await createUser(t);
    const res = await submit(user, { [field]: undefined });
    expect(res).toMatchObject({ status: 400, body: { error: message, fields: { [field]: message } } });
    expect((await status(user)).status).toBe(404);
  });

  it('names every missing field at once, and treats blank text and empty files as missing', async () => {
    const user = await createUser(t);
    const res = await submit(user, {
      full_name: '   ',
      selfie: { data: Buffer.alloc(0), filename: '' },
      id_card_back: undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      full_name: MSG.fullNameRequired,
      id_card_back: MSG.idCardBackRequired,
      selfie: MSG.selfieRequired,
    });
  });

  it('refuses non-image bytes sent with an image name and content type, naming the field', async () => {
    const user = await createUser(t);
    const res = await submit(user, {
      id_card_back: { data: notAnImage, filename: 'back.jpg', contentType: 'image/jpeg' },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: MSG.notAnImage, fields: { id_card_back: MSG.notAnImage } },
    });
    expect((await status(user)).status).toBe(404);
  });

  it("refuses a file of 5 MB + 1 byte with 'File size should not exceed 5MB', naming the field", async () => {
    const user = await createUser(t);
    const res = await submit(user, { selfie: { data: padTo(png(), MAX_IMAGE_BYTES + 1) } });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.fileTooLarge, fields: { selfie: MSG.fileTooLarge } } });
    expect((await status(user)).status).toBe(404);
  });

  it('refuses a JSON body: the form is multipart', async () => {
    const user = await createUser(t);
    const res = await call(t, 'POST', '/api-v1/documents-verification/', {
      token: user.token,
      body: { full_name: 'A', user_id: '1' },
    });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.notMultipart } });
  });

  it('needs a logged-in user', async () => {
    const user = await createUser(t);
    expect((await postForm(t, '/api-v1/documents-verification/', fullForm(user))).status).toBe(401);
    expect((await call(t, 'GET', '/api-v1/documents-verification/')).status).toBe(401);
  });
});

describe('resubmitting', () => {
  it('is refused while under review, allowed after a rejection, refused once verified', async () => {
    const user = await createUser(t);
    expect((await submit(user)).status).toBe(201);
    expect(await submit(user)).toMatchObject({ status: 409, body: { error: MSG.verificationUnderReview } });

    expect(await decide(user.id, { status: 'unverified', reason: 'The photo is blurred' })).toMatchObject({
      status: 200,
      body: { user_id: user.id, verification_status: 'rejected' },
    });
    expect((await status(user)).body).toMatchObject({
      is_verified: false,
      verification_status: 'rejected',
      rejection_reason: 'The photo is blurred',
    });
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).body.is_verified).toBe('rejected');

    expect((await submit(user, { full_name: 'Ada B. Trader' })).status).toBe(201);
    expect((await status(user)).body).toMatchObject({
      verification_status: 'pending',
      rejection_reason: null,
      full_name: 'Ada B. Trader',
    });

    expect((await decide(user.id, { status: 'verified' })).status).toBe(200);
    expect((await status(user)).body).toMatchObject({ is_verified: true, verification_status: 'verified' });
    expect((await call(t, 'GET', '/api-v1/info/', { token: user.token })).body.is_verified).toBe('verified');
    expect(await submit(user)).toMatchObject({ status: 409, body: { error: MSG.alreadyVerified } });
  });

  it('keeps one submission under review when two arrive at once', async () => {
    const user = await createUser(t);
    const results = await Promise.all([submit(user), submit(user), submit(user)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.select().from(verifications).where(eq(verifications.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('staff review', () => {
  it('records a rejection without a reason as no reason', async () => {
    const user = await createUser(t);
    await submit(user);
    expect((await decide(user.id, { status: 'unverified' })).status).toBe(200);
    expect((await status(user)).body).toMatchObject({ verification_status: 'rejected', rejection_reason: null });
  });

  it('decides only a pending submission', async () => {
    const user = await createUser(t);
    await submit(user);
    expect((await decide(user.id, { status: 'verified' })).status).toBe(200);
    expect(await decide(user.id, { status: 'unverified', reason: 'changed my mind' })).toMatchObject({
      status: 409,
      body: { error: MSG.verificationAlreadyReviewed },
    });
    expect((await status(user)).body.verification_status).toBe('verified');
  });

  it('writes the decision to the audit log with who made it', async () => {
    const user = await createUser(t);
    await submit(user);
    await decide(user.id, { status: 'unverified', reason: 'Expired ID' });
    const [row] = await t.db.select().from(verifications).where(eq(verifications.userId, user.id));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'verification'), eq(auditLog.targetId, String(row!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'identity.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', rejection_reason: 'Expired ID' },
    });
    expect(row).toMatchObject({ reviewedBy: admin.id });
  });

  it("answers 'No verification details found' for a user who submitted nothing", async () => {
    const user = await createUser(t);
    expect(await details(user.id)).toMatchObject({ status: 404, body: { error: MSG.noVerificationDetails } });
    expect(await decide(user.id, { status: 'verified' })).toMatchObject({
      status: 404,
      body: { error: MSG.noVerificationDetails },
    });
    expect((await details(999_999_999)).status).toBe(404);
  });

  it('refuses a status other than verified or unverified', async () => {
    const user = await createUser(t);
    await submit(user);
    expect((await decide(user.id, { status: 'approved' })).status).toBe(400);
    expect(
      (await call(t, 'PATCH', '/api-v3/admin/verify-user/abc/', { token: admin.token, body: { status: 'verified' } }))
        .status,
    ).toBe(400);
  });

  it('refuses staff reviewing their own submission, either way; another staff member may', async () => {
    const reviewer = await createAdmin(t);
    expect((await submit(reviewer)).status).toBe(201);
    for (const body of [{ status: 'verified' }, { status: 'unverified', reason: 'blurry' }])
      expect(await decide(reviewer.id, body, reviewer.token)).toMatchObject({
        status: 403,
        body: { error: MSG.cannotReviewOwnIdentity },
      });
    expect((await status(reviewer)).body).toMatchObject({ verification_status: 'pending' });
    expect((await decide(reviewer.id, { status: 'verified' })).status).toBe(200);
  });

  it('drops a decided submission from the list to review', async () => {
    const user = await createUser(t);
    await submit(user);
    expect((await pendingList()).body.map((u: { user_id: number }) => u.user_id)).toContain(user.id);
    await decide(user.id, { status: 'verified' });
    expect((await pendingList()).body.map((u: { user_id: number }) => u.user_id)).not.toContain(user.id);
  });

  it('is for staff only: users get 403, no token 401', async () => {
    const user = await createUser(t);
    await submit(user);
    expect((await pendingList(user.token)).status).toBe(403);
    expect((await details(user.id, user.token)).status).toBe(403);
    expect((await decide(user.id, { status: 'verified' }, user.token)).status).toBe(403);
    expect((await call(t, 'GET', '/api-v3/admin/unverified-users-records/')).status).toBe(401);
    expect((await status(user)).body.verification_status).toBe('pending');
  });
});

describe('identity images are reachable by staff only', () => {
  it('never hands a user a URL to identity images, and a URL forged from one of their own fails', async () => {
    const owner = await createUser(t);
    const intruder = await createUser(t);
    await submit(owner);

    // Nothing a user can call returns identity image URLs, not even to the owner.
    expect(JSON.stringify((await status(owner)).body)).not.toContain('/files/');
    expect((await details(owner.id, intruder.token)).status).toBe(403);

    // The intruder gets a genuine signed URL for a file of their own, then points it at the owner's file.
    const session = (await call(t, 'POST', '/api-v2/chats/', { token: intruder.token })).body.session_id;
    const own = await postForm(
      t,
      '/api-v2/messages/',
      { session_id: session, image: { data: png() } },
      { token: intruder.token },
    );
    const ownUrl = new URL(own.body.image_url, 'http://x');
    const [row] = await t.db.select().from(verifications).where(eq(verifications.userId, owner.id));
    for (const target of [row!.idCardFront, row!.idCardBack, row!.selfie]) {
      const forged = `/files/${target}?exp=${ownUrl.searchParams.get('exp')}&sig=${ownUrl.searchParams.get('sig')}`;
      expect((await fetchFile(t, forged)).status).toBe(403);
      expect((await fetchFile(t, `/files/${target}`)).status).toBe(403);
    }
  });
});
