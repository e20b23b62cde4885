/** Small builders for accounts: sign up through the API (reading the mailed code), log in, promote to staff. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginResponse } from '../../src/shared/api/auth.js';
import { users } from '../../src/server/db/schema.js';
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

/** Make an account staff directly in the database (as ops would), and log in again. */
async function makeAdmin(t: TestApp, user: TestUser): Promise<TestUser> {
  await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  t.ctx.guard.forget(user.id); // running servers learn it from the database's notification; don't wait for it
  return logIn(t, user.email, user.password);
}

/** A staff account: signed up like anyone, then made admin. */
export async function createAdmin(t: TestApp): Promise<TestUser> {
  return makeAdmin(t, await signUp(t, { email: uniqueEmail('staff'), first_name: 'Sam', last_name: 'Support' }));
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
