/**
 * What the real-parts tests (docs/decisions/0038-operations.md) get from scripts/real-parts.sh: the balancer's and each
 * instance's address, the instances' process ids (to SIGKILL one), the shared DATA_DIR (the dev
 * mail outbox, readable whichever instance sent a mail) and the staff account it created. Requests
 * go over real HTTP and WebSockets, never `inject`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import WebSocket from 'ws';
import type { LoginResponse } from '../../src/shared/api/auth.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests through scripts/real-parts.sh`);
  return value;
}

export const env = {
  /** 'redis' (REDIS_URL set on the instances) or 'postgres' (LISTEN/NOTIFY). */
  transport: required('REAL_PARTS_TRANSPORT'),
  balancer: required('REAL_PARTS_URL'),
  instances: required('REAL_PARTS_INSTANCES').split(','),
  pids: required('REAL_PARTS_PIDS').split(',').map(Number),
  dataDir: required('REAL_PARTS_DATA_DIR'),
  databaseUrl: required('REAL_PARTS_DATABASE_URL'),
  admin: { email: required('REAL_PARTS_ADMIN_EMAIL'), password: required('REAL_PARTS_ADMIN_PASSWORD') },
};

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** HAProxy's X-Served-By: which instance answered (unset when an instance was called directly). */
  servedBy: string | null;
}

type Method = 'GET' | 'POST';

/** A JSON request to `base` (the balancer unless an instance is named). */
export async function call<T = any>(
  method: Method,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${options.base ?? env.balancer}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    body: body as T,
    headers: response.headers,
    servedBy: response.headers.get('x-served-by'),
  };
}

/** Throws with the answer unless it has the status. */
export function expectStatus<T>(answer: Answer<T>, status: number, what: string): Answer<T> {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Decodes quoted-printable soft breaks and escapes (nodemailer's text part). */
const unquote = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const outbox = () => path.join(env.dataDir, 'outbox');
/** The outbox files of mails to `email`, oldest first. */
function mailsTo(email: string): string[] {
  const suffix = `-${email.toLowerCase().replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
  return readdirSync(outbox())
    .filter((name) => name.endsWith(suffix))
    .sort();
}

/** How many mails `email` got so far: pass it to mailedCode to wait for a newer one. */
const mailCount = (email: string) => mailsTo(email).length;

/**
 * The newest 6-digit code mailed to `email` among the mails after the first `since`, from the dev
 * outbox (DATA_DIR/outbox/*.eml, one file a mail, named `<ISO time>-<address>.eml` by
 * src/server/lib/mail.ts) that every instance writes into, waiting for it.
 */
export async function mailedCode(email: string, since = 0): Promise<string> {
  return vi.waitFor(
    () => {
      for (const name of mailsTo(email).slice(since).reverse()) {
        const raw = readFileSync(path.join(outbox(), name), 'utf8');
        const body = unquote(raw.slice(raw.search(/\r?\n\r?\n/)));
        // Past the anti-phishing line (docs/security.md), which a user may have made of digits.
        const code = body.replace(/^Your Coinfront anti-phishing code: .*$/m, '').match(/\b(\d{6})\b/)?.[1];
        if (code) return code;
      }
      throw new Error(`no code mailed to ${email} yet`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

export interface RealUser {
  id: number;
  email: string;
  password: string;
  token: string;
  login: LoginResponse;
}

let counter = 0;
export const uniqueEmail = (prefix = 'trader') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}.${randomBytes(2).toString('hex')}@example.com`;

async function logIn(email: string, password: string): Promise<RealUser> {
  const res = expectStatus(
    await call<LoginResponse>('POST', '/api-v1/login/', { body: { email, password } }),
    200,
    'login',
  );
  return { id: res.body.user.user_id, email, password, token: res.body.access, login: res.body };
}

/** Sign-up through the balancer with the code from the shared outbox, then log in. */
export async function signUp(first_name = 'Ada', last_name = 'Trader'): Promise<RealUser> {
  const email = uniqueEmail();
  const password = 'correct horse 1';
  expectStatus(await call('POST', '/api-v1/signup-email-otp/', { body: { email } }), 200, 'signup-email-otp');
  const otp = await mailedCode(email);
  expectStatus(
    await call('POST', '/api-v1/signup/', { body: { email, password, otp, first_name, last_name } }),
    201,
    'signup',
  );
  return logIn(email, password);
}

let staffLogin: Promise<RealUser> | undefined;
/** The staff account scripts/real-parts.sh made the instances create (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const staff = () => (staffLogin ??= logIn(env.admin.email, env.admin.password));

/** A deposit of `amount` USDT requested by the user and approved by staff, through the balancer. */
export async function fundWallet(user: RealUser, amount: string): Promise<void> {
  const deposit = expectStatus(
    await call('POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount, payment_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    }),
    201,
    'recharge',
  );
  const id: number = deposit.body.transaction.transaction_id;
  expectStatus(
    await call('POST', `/api-v3/admin/transactions-verification/?transaction_id=${id}`, {
      token: (await staff()).token,
      body: { action: 'approve' },
    }),
    200,
    'approve',
  );
}

export async function setTransactionPassword(user: RealUser, password: string): Promise<void> {
  const since = mailCount(user.email);
  expectStatus(
    await call('POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} }),
    200,
    'transaction password otp',
  );
  const otp = await mailedCode(user.email, since);
  expectStatus(
    await call('POST', '/api-v1/set-transcation-password/', {
      token: user.token,
      body: { new_password: password, otp },
    }),
    200,
    'set transaction password',
  );
}

export async function balanceOf(user: RealUser, wallet: string, currency: string): Promise<string> {
  const res = expectStatus(
    await call<{ currency: string; balance: string }[]>('GET', `/api-v1/${wallet}-wallet-list/`, { token: user.token }),
    200,
    `${wallet}-wallet-list`,
  );
  return res.body.find((row) => row.currency === currency)?.balance ?? '0';
}

export interface Socket {
  ws: WebSocket;
  frames: any[];
  send(message: unknown): void;
  /** The first frame (after `from`) matching, waiting up to `timeout` ms. */
  next(match: (frame: any) => boolean, options?: { from?: number; timeout?: number }): Promise<any>;
  closed: Promise<void>;
}

/** A WebSocket on /ws of `base` (the balancer unless an instance is named), open. */
export async function openSocket(base: string = env.balancer): Promise<Socket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const frames: any[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next: (match, { from = 0, timeout = 5_000 } = {}) =>
      vi.waitFor(
        () => {
          const frame = frames.slice(from).find(match);
          if (!frame) throw new Error('no such frame yet');
          return frame;
        },
        { timeout, interval: 20 },
      ),
  };
}

/** LOGIN on a socket (the bearer token proves who may subscribe user streams). */
export async function logInSocket(socket: Socket, user: RealUser): Promise<void> {
  socket.send({ method: 'LOGIN', params: [user.token], id: 'login' });
  const answer = await socket.next((f) => f.id === 'login');
  if (!answer.result) throw new Error(`socket LOGIN: ${JSON.stringify(answer)}`);
}

export async function subscribe(socket: Socket, streams: string[], id: number | string = 'sub'): Promise<void> {
  socket.send({ method: 'SUBSCRIBE', params: streams, id });
  const answer = await socket.next((f) => f.id === id);
  if (answer.error) throw new Error(`SUBSCRIBE ${streams.join(',')}: ${JSON.stringify(answer.error)}`);
}
