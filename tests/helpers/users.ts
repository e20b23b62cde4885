/**
 * Small builders for accounts: made as rows with a session (createUser, createAdmin) wherever sign-up
 * is not what a test proves, or signed up and logged in through the API (signUp, logIn) where it is.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import type { Db } from '../../src/server/db/database.js';
import type { AppContext } from '../../src/server/context.js';
import { users } from '../../src/server/db/schema.js';
import { hashPassword } from '../../src/server/lib/passwords.js';
import { insertUser, sessionUserOf, startSession } from '../../src/server/modules/auth/index.js';
import type { TestApp } from './app.js';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  login: LoginResponse;
}

let counter = 0;
export const uniqueEmail = (prefix = 'trader') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}.${randomBytes(2).toString('hex')}@example.com`;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A JSON request; returns status and parsed body. */
export async function call<T = any>(
  t: TestApp,
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    /* not JSON */
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

export async function signUp(
  t: TestApp,
  fields: { email?: string; password?: string; first_name?: string; last_name?: string; referral_code?: string } = {},
): Promise<TestUser> {
  const email = (fields.email ?? uniqueEmail()).toLowerCase();
  const password = fields.password ?? 'correct horse 1';
  const otp = await call(t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
  if (otp.status !== 200) throw new Error(`signup-email-otp: ${otp.status} ${JSON.stringify(otp.body)}`);
  const signup = await call(t, 'POST', '/api-v1/signup/', {
    body: {
      email,
      password,
      otp: t.mailbox.lastCode(email),
      first_name: fields.first_name ?? 'Ada',
      last_name: fields.last_name ?? 'Trader',
      ...(fields.referral_code ? { referral_code: fields.referral_code } : {}),
    },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  return logIn(t, email, password);
}

export async function logIn(t: TestApp, email: string, password: string): Promise<TestUser> {
  const res = await call<LoginResponse>(t, 'POST', '/api-v1/login/', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.user_id, email, password, token: res.body.access, login: res.body };
}

/** What an `inject`ed request looks like to the server, so a later HTTP sign-in is the same device. */
const INJECT_CLIENT = { ip: '127.0.0.1', userAgent: 'lightMyRequest' };

/**
 * A user as sign-up makes one, through the auth module's own insert (insertUser) and password hash,
 * signed in through its session service (startSession): no HTTP, no mailed code. Sign-up itself is
 * tested through HTTP in tests/api/auth.test.ts. Takes a test app or a service context.
 */
export async function createUser(
  s: { db: Db; ctx: Pick<AppContext, 'db' | 'tokens' | 'clock' | 'mailer' | 'config'> },
  fields: { email?: string; password?: string; first_name?: string; last_name?: string; isAdmin?: boolean } = {},
): Promise<TestUser> {
  const email = (fields.email ?? uniqueEmail()).toLowerCase();
  const password = fields.password ?? 'correct horse 1';
  let row = await insertUser(s.db, {
    email,
    passwordHash: await hashPassword(password, s.ctx.config.passwordHashCost),
    firstName: fields.first_name ?? 'Ada',
    lastName: fields.last_name ?? 'Trader',
    referredBy: null,
  });
  if (fields.isAdmin)
    row = (await s.db.update(users).set({ isAdmin: true }).where(eq(users.id, row.id)).returning())[0]!;
  const token = await startSession(s.ctx, row, INJECT_CLIENT);
  return { id: row.id, email, password, token, login: { access: token, user: await sessionUserOf(s.db, row) } };
}

/**
 * A staff account: made staff in the database (as ops would; `requireAdmin` reads `is_admin`), with no
 * second factor and a live session from the test's client, as signing up, being promoted and logging
 * in again gave it (less that path's first session, whose token nobody kept).
 */
export async function createAdmin(s: Parameters<typeof createUser>[0]): Promise<TestUser> {
  return createUser(s, { email: uniqueEmail('staff'), first_name: 'Sam', last_name: 'Support', isAdmin: true });
}

/**
 * The proof a change of the second factors takes while none is on (docs/decisions/0045): the login
 * password and a fresh emailed security code. The clock moves past the resend wait first, so a code
 * asked for just before does not hold this one up.
 */
export async function factorChangeProof(t: TestApp, user: TestUser): Promise<{ password: string; email_code: string }> {
  t.clock.advance(61_000);
  const sent = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  if (sent.status !== 200) throw new Error(`transcation-password-otp: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { password: user.password, email_code: t.mailbox.lastCode(user.email) };
}
