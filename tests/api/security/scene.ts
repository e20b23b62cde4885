/**
 * The world the security tests act in: an owner whose objects others must not reach, another
 * user, staff, helper accounts, forged and revoked tokens, and a marker string planted in every
 * private thing the owner has, so a leak shows up in any response that carries it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { verifications } from '../../../src/server/modules/identity/schema.js';
import { OTP_RESEND_MS } from '../../../src/shared/constants.js';
import { tronAddress } from '../../helpers/addresses.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../helpers/app.js';
import { createFakeMarket } from '../../helpers/fake-market.js';
import { jpeg, png, webp } from '../../helpers/images.js';
import { grant } from '../../helpers/money.js';
import { multipartBody, type FormParts } from '../../helpers/multipart.js';
import { forgeTokens, type ForgedTokens } from '../../helpers/tokens.js';
import { createUser, call, createAdmin, logIn, uniqueEmail, type TestUser } from '../../helpers/users.js';

/** A request for one route: path with its parameters filled in, and a JSON body or a form. */
export interface RouteRequest {
  url: string;
  body?: unknown;
  form?: FormParts;
  headers?: Record<string, string>;
}

export interface Response {
  status: number;
  body: any;
  raw: string;
  headers: Record<string, unknown>;
}

export interface Scene {
  t: TestApp;
  /** Owns the objects other users must not reach. */
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  /** A user staff act on (verify, end chats) and whose credentials log in, so the others stay as they are. */
  subject: TestUser;
  /** Resets their password over and over. */
  resetter: TestUser;
  /** In the owner's names, addresses, chat and identity: any response to someone else that contains it leaks. */
  secret: string;
  ownerSession: string;
  transactionPassword: string;
  forged: ForgedTokens;
  /** Tokens of a staff account that ended them: by logout, by a password change, by a reset. */
  revoked: { afterLogout: string; afterPasswordChange: string; afterPasswordReset: string };
}

const TRANSACTION_PASSWORD = '246810';

/**
 * The owner's withdrawal address: a valid TRC20 address (docs/decisions/0028-deposit-networks.md checks them) made from the secret,
 * so it is as private as the secret and access-matrix.test.ts looks for it in others' answers too.
 */
export const secretAddress = (secret: string) => tronAddress(parseInt(secret.slice(2, 14), 16));
const IMAGES = { id_card_front: jpeg(800, 500), id_card_back: png(800, 500), selfie: webp(600, 800) };

/** Send a route request with a token (or none). */
export async function send(t: TestApp, method: string, request: RouteRequest, token?: string): Promise<Response> {
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...request.headers,
  };
  let payload: string | Buffer | object | undefined;
  if (request.form) {
    const form = multipartBody(request.form);
    payload = form.payload;
    headers['content-type'] = form.contentType;
  } else if (request.body !== undefined) {
    payload = request.body as object;
  }
  const response: LightMyRequestResponse = await t.app.inject({
    method: method as 'GET',
    url: request.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    /* not JSON */
  }
  return { status: response.statusCode, body, raw: response.body, headers: response.headers };
}

/** A fresh security code mailed to the user (waiting out the one-per-minute throttle on the app clock). */
export async function securityCode(t: TestApp, user: TestUser): Promise<string> {
  t.clock.advance(OTP_RESEND_MS);
  const res = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  if (res.status !== 200) throw new Error(`security otp: ${res.status} ${JSON.stringify(res.body)}`);
  return t.mailbox.lastCode(user.email);
}

/** A password reset code for the user's email. */
export async function resetCode(t: TestApp, email: string): Promise<string> {
  t.clock.advance(OTP_RESEND_MS);
  const res = await call(t, 'POST', '/api-v1/forgot-password/', { body: { email } });
  if (res.status !== 200) throw new Error(`forgot-password: ${res.status} ${JSON.stringify(res.body)}`);
  return t.mailbox.lastCode(email);
}

export const identityForm = (user: TestUser, fullName = 'Ada Trader'): FormParts => ({
  full_name: fullName,
  user_id: `ID-${user.id}`,
  id_card_front: { data: IMAGES.id_card_front, filename: 'front.jpg', contentType: 'image/jpeg' },
  id_card_back: { data: IMAGES.id_card_back, filename: 'back.png', contentType: 'image/png' },
  selfie: { data: IMAGES.selfie, filename: 'selfie.webp', contentType: 'image/webp' },
});

async function pendingIdentity(t: TestApp, user: TestUser) {
  const [row] = await t.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.userId, user.id), eq(verifications.status, 'pending')));
  return row;
}

/** A second staff member, for reviewing the scene's staff member (nobody reviews their own identity). */
const reviewers = new WeakMap<Scene, Promise<TestUser>>();
const reviewerOf = (s: Scene, user: TestUser): Promise<TestUser> => {
  if (user.id !== s.admin.id) return Promise.resolve(s.admin);
  let reviewer = reviewers.get(s);
  if (!reviewer) reviewers.set(s, (reviewer = createAdmin(s.t)));
  return reviewer;
};

/** Staff reject the user's submission under review, if there is one, so the user may submit again. */
export async function clearPendingIdentity(s: Scene, user: TestUser): Promise<void> {
  if (!(await pendingIdentity(s.t, user))) return;
  const res = await call(s.t, 'PATCH', `/api-v3/admin/verify-user/${user.id}/`, {
    token: (await reviewerOf(s, user)).token,
    body: { status: 'unverified', reason: 'Please retake the selfie' },
  });
  if (res.status !== 200) throw new Error(`verify-user: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The user has a submission under review (submitting one when needed). */
export async function ensurePendingIdentity(s: Scene, user: TestUser, fullName?: string): Promise<void> {
  if (await pendingIdentity(s.t, user)) return;
  const res = await send(
    s.t,
    'POST',
    { url: '/api-v1/documents-verification/', form: identityForm(user, fullName) },
    user.token,
  );
  if (res.status !== 201) throw new Error(`documents-verification: ${res.status} ${res.raw}`);
}

async function setTransactionPassword(t: TestApp, user: TestUser) {
  const res = await call(t, 'POST', '/api-v1/set-transcation-password/', {
    token: user.token,
    body: { new_password: TRANSACTION_PASSWORD, otp: await securityCode(t, user) },
  });
  if (res.status !== 200) throw new Error(`set-transcation-password: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Three tokens of one staff account, each ended a different way. */
async function revokedTokens(t: TestApp): Promise<Scene['revoked']> {
  // Made without HTTP sign-up (tested in tests/api/auth.test.ts); the revocations below stay on HTTP.
  let staff = await createUser(t, { first_name: 'Rex', last_name: 'Revoked', isAdmin: true });
  const afterLogout = staff.token;
  expectOk(await call(t, 'POST', '/api-v1/logout/', { token: staff.token }), 'logout');
  staff = await logIn(t, staff.email, staff.password);
  const afterPasswordChange = staff.token;
  const changed = await call(t, 'POST', '/api-v1/update-password/', {
    token: staff.token,
    body: { new_password: staff.password, otp: await securityCode(t, staff) },
  });
  expectOk(changed, 'update-password');
  const afterPasswordReset: string = changed.body.access;
  const reset = await call(t, 'POST', '/api-v1/reset-password/', {
    body: { email: staff.email, otp: await resetCode(t, staff.email), password: staff.password },
  });
  expectOk(reset, 'reset-password');
  return { afterLogout, afterPasswordChange, afterPasswordReset };
}

function expectOk(res: { status: number; body: unknown }, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createScene(options: TestAppOptions = {}): Promise<Scene> {
  const t = await createTestApp({ market: createFakeMarket(), ...options });
  const secret = `Zq${randomBytes(6).toString('hex')}`;
  // Accounts as sign-up makes them, without its three requests and extra hashes: sign-up is not under
  // test here (tests/api/auth.test.ts tests it); the routes each account then calls are.
  const [owner, other, admin, subject, resetter] = await Promise.all([
    createUser(t, { email: uniqueEmail('owner'), first_name: 'Olive', last_name: `Owner ${secret}` }),
    createUser(t, { email: uniqueEmail('other'), first_name: 'Oscar', last_name: 'Other' }),
    createUser(t, { email: uniqueEmail('staff'), first_name: 'Sam', last_name: 'Support', isAdmin: true }),
    createUser(t, { email: uniqueEmail('subject'), first_name: 'Sid', last_name: 'Subject' }),
    createUser(t, { email: uniqueEmail('resetter'), first_name: 'Rae', last_name: 'Resetter' }),
  ]);
  const scene: Scene = {
    t,
    owner,
    other,
    admin,
    subject,
    resetter,
    secret,
    ownerSession: '',
    transactionPassword: TRANSACTION_PASSWORD,
    forged: await forgeTokens(t, owner, admin),
    revoked: await revokedTokens(t),
  };

  for (const user of [owner, other, admin]) {
    await grant(t, user, 'funding', 'USDT', '100000');
    await setTransactionPassword(t, user);
    // Everyone has a chat open and documents under review, so routes answer alike whatever runs first.
    const chat = await call(t, 'POST', '/api-v2/chats/', { token: user.token });
    expectOk(chat, 'open chat');
    if (user === owner) scene.ownerSession = chat.body.session_id;
    await ensurePendingIdentity(scene, user, user === owner ? `Olive ${secret}` : undefined);
  }

  // The owner's private things, each carrying the secret: a deposit, a withdrawal, a chat message with an image.
  expectOk(
    await call(t, 'POST', '/api-v1/recharge/', {
      token: owner.token,
      body: { amount: '75', payment_address: secretAddress(secret) },
    }),
    'owner deposit',
  );
  expectOk(
    await call(t, 'POST', '/api-v1/withdraw/', {
      token: owner.token,
      body: {
        address: secretAddress(secret),
        amount: '60',
        currency: 'USDT',
        transaction_password: TRANSACTION_PASSWORD,
      },
    }),
    'owner withdrawal',
  );
  expectOk(
    await send(
      t,
      'POST',
      {
        url: '/api-v2/messages/',
        form: { session_id: scene.ownerSession, text: `hello ${secret}`, image: { data: png(4, 4) } },
      },
      owner.token,
    ),
    'owner chat image',
  );
  return scene;
}

/**
 * - public: anyone, any token or none.
 * - user: a valid token of any account (staff included); forged, expired and revoked tokens 401.
 * - admin: staff only; other accounts 403, bad tokens 401.
 * - signed-file: the URL's signature is the permission; tokens change nothing.
 * - websocket: the stream endpoint; identity is proven in-band with LOGIN (checked separately).
 * - signed-key: the exchange-compatible private API (docs/decisions/0033-api-keys.md): the request's API key and HMAC
 *   signature are the permission, bearer tokens change nothing (its refusals: private-api.test.ts;
 *   the user data stream's listenKey calls take the key alone: user-data-stream.test.ts).
 * - websocket-api: the exchange's WebSocket API (/ws-api/v3, docs/decisions/0035-user-data-stream.md): a
 *   subscription is signed with an API key in-band; bearer tokens change nothing (checked separately).
 */
export type Access = 'public' | 'user' | 'admin' | 'signed-file' | 'websocket' | 'websocket-api' | 'signed-key';

/** Real accounts a request can come from; forged and revoked tokens send the owner's request. */
export type ActorName = 'owner' | 'other' | 'admin';

export interface RouteSpec {
  access: Access;
  /** A request that works for `actor` (objects in it are the owner's). */
  request: (s: Scene, actor: TestUser) => RouteRequest | Promise<RouteRequest>;
  /** Status of that request for an allowed actor (default 200). */
  ok?: number;
  /** The request names an object of the owner: another user gets 404, as if it did not exist. */
  owned?: boolean;
  /** Statuses that differ for one actor (e.g. staff may not act on someone else's object). */
  expect?: Partial<Record<ActorName, number>>;
  /** Undo a success that would spoil later requests (a logout ends the actor's tokens). */
  after?: (s: Scene, actor: TestUser, response: Response) => Promise<void>;
}
