/**
 * Every route the server has, with who may call it and how to build a request that should work.
 * access-matrix.test.ts fails when the app has a route that is not in this table (or the table
 * names a route the app no longer has), so a new route cannot ship without saying who may use it.
 *
 * Adding a route: one entry keyed `METHOD /path` exactly as registered (`:param` included; HEAD
 * twins of GET routes share the GET entry). Objects in the request belong to `s.owner`; say
 * `owned: true` when the route names such an object, and other users then get 404.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { transactions, users } from '../../../src/server/db/schema.js';
import { apiKeys } from '../../../src/server/modules/api-keys/schema.js';
import { chatMessages } from '../../../src/server/modules/chat/schema.js';
import { faqEntries } from '../../../src/server/modules/faq/schema.js';
import { priceAlerts } from '../../../src/server/modules/price-alerts/schema.js';
import {
  accountLocks,
  passkeys,
  userSecuritySettings,
  withdrawalAddresses,
} from '../../../src/server/modules/security/schema.js';
import { trades } from '../../../src/server/modules/trades/schema.js';
import { createFileStore } from '../../../src/server/lib/files.js';
import { SPEC_BONUS_TIERS } from '../../../src/shared/api/bonuses.js';
import { sealApiSecret } from '../../../src/server/modules/api-keys/keys.js';
import { issueLoginTicket } from '../../../src/server/modules/auth/login-tickets.js';
import { startSession } from '../../../src/server/modules/auth/sessions.js';
import { house, move } from '../../../src/server/modules/ledger/index.js';
import { createReservesService } from '../../../src/server/modules/reserves/snapshot.js';
import { insertTransaction } from '../../../src/server/modules/wallets/transactions.js';
import { tronAddress } from '../../helpers/addresses.js';
import { grant } from '../../helpers/money.js';
import { clearTwoFactor, enableTotp, nextTotp, totp } from '../../helpers/totp.js';
import { PASSKEY_ROUTES } from './passkey-routes.js';
import { call, signUp, uniqueEmail, type TestUser } from '../../helpers/users.js';
import {
  clearPendingIdentity,
  ensurePendingIdentity,
  identityForm,
  resetCode,
  secretAddress,
  securityCode,
  type ActorName,
  type Response,
  type RouteRequest,
  type RouteSpec,
  type Scene,
} from './scene.js';

export type { ActorName, RouteSpec };

const get = (url: string) => (): RouteRequest => ({ url });

const snapshots = new WeakMap<Scene, Promise<unknown>>();
/** A published proof of reserves, once per scene, so its readers answer 200. */
function ensureSnapshot(s: Scene) {
  if (!snapshots.has(s)) snapshots.set(s, createReservesService(s.t.ctx).publish(s.admin.id));
  return snapshots.get(s);
}

/** A logout or password change ended the actor's tokens: carry on with a fresh one (as a new login would give). */
async function renewToken(s: Scene, actor: TestUser, response: Response) {
  const fresh: unknown = response.body?.access;
  if (typeof fresh === 'string') {
    actor.token = fresh;
    return;
  }
  const [row] = await s.t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, actor.id));
  actor.token = await startSession(s.t.ctx, { id: actor.id, tokenVersion: row!.tv, email: actor.email }, MATRIX_CLIENT);
}

/** The client the table's own sign-ins come from (the same as the helpers' logins: no new-device mail). */
const MATRIX_CLIENT = { ip: '127.0.0.1', userAgent: 'lightMyRequest' };

/** A fresh live session of the owner (not the one its token uses), for the routes that end one. */
async function ownerSessionId(s: Scene): Promise<string> {
  const [row] = await s.t.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, s.owner.id));
  const token = await startSession(
    s.t.ctx,
    { id: s.owner.id, tokenVersion: row!.tv, email: s.owner.email },
    MATRIX_CLIENT,
  );
  const claims = await s.t.ctx.tokens.verify(token);
  return claims!.sessionId;
}

/**
 * A password change starts a 24 h withdrawal cooldown (docs/security.md "## Locks"): lift it, so
 * the withdrawal route after it still works for the actor.
 */
async function liftWithdrawalCooldown(s: Scene, actor: TestUser) {
  await s.t.db.delete(accountLocks).where(eq(accountLocks.userId, actor.id));
}

/** Undo a whitelist or anti-phishing change, so later requests (withdrawals, mailed codes) work as before. */
async function resetProtection(s: Scene, actor: TestUser) {
  await s.t.db.delete(userSecuritySettings).where(eq(userSecuritySettings.userId, actor.id));
}

let savedAddresses = 0;

/** A withdrawal address of the owner, carrying the scene's secret (no one else may see it). */
async function ownerAddress(s: Scene): Promise<number> {
  const [row] = await s.t.db
    .insert(withdrawalAddresses)
    .values({ userId: s.owner.id, currency: 'USDT', address: `T${s.secret}${++savedAddresses}`, label: 'matrix' })
    .returning({ id: withdrawalAddresses.id });
  return row!.id;
}

/**
 * A withdrawal of the owner waiting for review, to its secret address (scene.ts), with its 50 USDT
 * held as POST /api-v1/withdraw/ holds it (written here, so the route's rate limit is not spent).
 */
async function ownerPendingWithdrawal(s: Scene): Promise<number> {
  await grant(s.t, s.owner, 'funding', 'USDT', '50');
  return s.t.db.transaction(async (tx) => {
    const row = await insertTransaction(tx, {
      userId: s.owner.id,
      type: 'withdrawal',
      status: 'pending',
      currency: 'USDT',
      amount: '50',
      fee: '0.5',
      arrivalAmount: '49.5',
      usdtValue: '50',
      address: secretAddress(s.secret),
      network: 'TRC20',
      transferFrom: 'funding',
    });
    const account = { userId: s.owner.id, wallet: 'funding' as const, currency: 'USDT' };
    await move(tx, account, house('withdrawals', 'USDT'), '50', {
      reason: 'withdrawal_hold',
      refType: 'transaction',
      refId: row.id,
    });
    return row.id;
  });
}

/** A signed URL of the owner's chat image, fresh for every request (they expire). */
async function ownerImageUrl(s: Scene): Promise<string> {
  const [row] = await s.t.db
    .select({ image: chatMessages.image })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, s.ownerSession), isNotNull(chatMessages.image)))
    .orderBy(desc(chatMessages.id));
  if (!row?.image) throw new Error('the owner has no chat image');
  return createFileStore({ dataDir: s.t.config.dataDir, secret: s.t.config.jwtSecret, clock: s.t.clock }).signedUrl(
    row.image,
  );
}

/** The server's BTC price now: trades must quote within 1 % of it. */
async function btcMark(s: Scene): Promise<string> {
  const mark = await s.t.ctx.market.markPrice('BTC');
  if (!mark || mark.stale) throw new Error('no fresh BTC price');
  return mark.price;
}

/** A small long any funded account can open (0.001 BTC at 100x: well under 100 USDT of margin). */
async function smallLong(s: Scene) {
  return { trade_type: 'buy', coin: 'BTC', hands: '0.001', starting_price: await btcMark(s) };
}

/** Trades opened while building requests (not by a request under test); their money moves are explained. */
export const tradesOpenedBySetup = new Set<number>();

/** An open trade of the owner. */
async function ownerOpenTrade(s: Scene): Promise<number> {
  await grant(s.t, s.owner, 'lever', 'USDT', '100');
  const res = await call(s.t, 'POST', '/api-v1/trade-creation/', { token: s.owner.token, body: await smallLong(s) });
  if (res.status !== 201) throw new Error(`trade-creation: ${res.status} ${JSON.stringify(res.body)}`);
  const tradeId = res.body.trade.trade_id as number;
  tradesOpenedBySetup.add(tradeId);
  return tradeId;
}

/** One open trade of the owner, opened once per scene and reused while it stays open (the TP/SL and margin routes leave it open). */
const standing = new WeakMap<Scene, number>();
async function ownerStandingTrade(s: Scene): Promise<number> {
  const id = standing.get(s);
  if (id !== undefined) {
    const [row] = await s.t.db.select({ status: trades.status }).from(trades).where(eq(trades.id, id));
    if (row?.status === 'open') return id;
  }
  const opened = await ownerOpenTrade(s);
  standing.set(s, opened);
  return opened;
}

/** Spot orders placed while building requests (not by a request under test); their money moves are explained. */
export const spotOrdersPlacedBySetup = new Set<number>();

/** A resting spot limit buy of the owner, far below the price (it holds about 35 USDT of the funding wallet). */
async function ownerRestingSpotOrder(s: Scene): Promise<number> {
  await grant(s.t, s.owner, 'funding', 'USDT', '100');
  const price = Math.floor(Number(await btcMark(s)) / 2).toString(); // a whole number: within BTC's 2 price decimals
  const res = await call(s.t, 'POST', '/api-v1/spot-orders/', {
    token: s.owner.token,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price },
  });
  if (res.status !== 201 || res.body.order.status !== 'open')
    throw new Error(`spot-orders: ${res.status} ${JSON.stringify(res.body)}`);
  const orderId = res.body.order.order_id as number;
  spotOrdersPlacedBySetup.add(orderId);
  return orderId;
}

// ---- API keys and the signed private API (docs/decisions/0033-api-keys.md) ----

let apiKeysMade = 0;
const liveKeys = new WeakMap<TestUser, { id: number; apiKey: string; secret: string }>();

/**
 * A live spot-trading API key of `user` (made in the database, as the API would make it): a password
 * change or reset earlier in the walk ends keys, so an ended or deleted one is replaced.
 */
async function liveKeyOf(s: Scene, user: TestUser) {
  const known = liveKeys.get(user);
  if (known) {
    const [row] = await s.t.db.select().from(apiKeys).where(eq(apiKeys.id, known.id));
    if (row && row.enabled && !row.endedAt) return known;
  }
  const apiKey = `MatrixKey${++apiKeysMade}`.padEnd(64, 'x');
  const secret = randomBytes(32).toString('hex');
  const [row] = await s.t.db
    .insert(apiKeys)
    .values({
      userId: user.id,
      apiKey,
      secretCiphertext: sealApiSecret(s.t.config.jwtSecret, user.id, apiKey, secret),
      label: 'matrix',
      permissions: ['read', 'spot'],
    })
    .returning({ id: apiKeys.id });
  const key = { id: row!.id, apiKey, secret };
  liveKeys.set(user, key);
  return key;
}

/** A request signed as the exchange signs it (recvWindow at its most: the walk builds requests ahead). */
async function signedRequest(s: Scene, user: TestUser, path: string, params: Record<string, string> = {}) {
  const key = await liveKeyOf(s, user);
  const query = new URLSearchParams({
    ...params,
    recvWindow: '60000',
    timestamp: String(s.t.clock.now().getTime()),
  }).toString();
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  return { url: `${path}?${query}&signature=${signature}`, headers: { 'x-mbx-apikey': key.apiKey } };
}

/** A USER_STREAM request (the user data stream's listenKey calls): the key's header, no signature. */
async function keyRequest(s: Scene, user: TestUser, url: string) {
  const key = await liveKeyOf(s, user);
  return { url, headers: { 'x-mbx-apikey': key.apiKey } };
}

/** A live listenKey of the user's key (POST /api/v3/userDataStream). */
async function listenKeyOf(s: Scene, user: TestUser): Promise<string> {
  const res = await s.t.app.inject({ method: 'POST', ...(await keyRequest(s, user, '/api/v3/userDataStream')) });
  if (res.statusCode !== 200) throw new Error(`userDataStream: ${res.statusCode} ${res.body}`);
  return res.json<{ listenKey: string }>().listenKey;
}

/** A fresh convert quote of the owner (docs/decisions/0053-convert.md): 10 USDT to BTC, valid 10 s. */
async function ownerConvertQuote(s: Scene): Promise<string> {
  await grant(s.t, s.owner, 'funding', 'USDT', '20');
  const res = await call(s.t, 'POST', '/api-v1/convert/quote/', {
    token: s.owner.token,
    body: { from: 'USDT', to: 'BTC', amount: '10' },
  });
  if (res.status !== 200) throw new Error(`convert quote: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.quote_id as string;
}

/** A resting spot limit buy of `user` (placed as setup: its money moves are explained). */
async function restingSpotOrderOf(s: Scene, user: TestUser): Promise<number> {
  await grant(s.t, user, 'funding', 'USDT', '100');
  const price = Math.floor(Number(await btcMark(s)) / 2).toString();
  const res = await call(s.t, 'POST', '/api-v1/spot-orders/', {
    token: user.token,
    body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price },
  });
  if (res.status !== 201) throw new Error(`spot-orders: ${res.status} ${JSON.stringify(res.body)}`);
  const orderId = res.body.order.order_id as number;
  spotOrdersPlacedBySetup.add(orderId);
  return orderId;
}

const someOrder = new WeakMap<TestUser, number>();
/** An order of `user`, any status (GET /api/v3/order reads it): placed once per user. */
async function anyOrderOf(s: Scene, user: TestUser): Promise<number> {
  let id = someOrder.get(user);
  if (id === undefined) someOrder.set(user, (id = await restingSpotOrderOf(s, user)));
  return id;
}

/** An API key of the owner (made in the database: creating one through the API is POST's entry). */
/** A price alert of the owner (docs/decisions/0055): other users and staff get 404 for it. */
async function ownerPriceAlert(s: Scene): Promise<number> {
  const [row] = await s.t.db
    .insert(priceAlerts)
    .values({ userId: s.owner.id, symbol: 'BTCUSDT', condition: 'move', value: '3' })
    .returning({ id: priceAlerts.id });
  return row!.id;
}

async function ownerApiKey(s: Scene): Promise<number> {
  await roomForApiKey(s, s.owner);
  const apiKey = `MatrixOwn${++apiKeysMade}`.padEnd(64, 'y');
  const [row] = await s.t.db
    .insert(apiKeys)
    .values({
      userId: s.owner.id,
      apiKey,
      secretCiphertext: sealApiSecret(s.t.config.jwtSecret, s.owner.id, apiKey, 'secret'),
      label: 'matrix',
      permissions: ['read'],
    })
    .returning({ id: apiKeys.id });
  return row!.id;
}

/**
 * Room for one more key of `user`: keys beyond the first few are dropped (a user may hold API_KEYS_MAX).
 */
async function roomForApiKey(s: Scene, user: TestUser): Promise<void> {
  const held = await s.t.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, user.id));
  if (held.length >= 10)
    await s.t.db.delete(apiKeys).where(
      inArray(
        apiKeys.id,
        held.slice(0, -2).map((k) => k.id),
      ),
    );
}

/**
 * Room for one more deposit request of `user`: at most 5 may wait (docs/decisions/0020). Beyond its
 * first (the scene's, carrying the secret), the user's waiting deposits are dropped; a pending
 * deposit holds no money, so nothing moves.
 */
async function roomForDeposit(s: Scene, user: TestUser): Promise<void> {
  const waiting = await s.t.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'deposit'), eq(transactions.status, 'pending')))
    .orderBy(asc(transactions.id));
  const drop = waiting.slice(1).map((row) => row.id);
  if (drop.length > 0)
    await s.t.db.update(transactions).set({ status: 'cancel' }).where(inArray(transactions.id, drop));
}

/** A deposit of the owner waiting for review, for staff to decide. */
async function ownerPendingDeposit(s: Scene): Promise<number> {
  await roomForDeposit(s, s.owner);
  const res = await call(s.t, 'POST', '/api-v1/recharge/', {
    token: s.owner.token,
    body: { amount: '50', payment_address: secretAddress(s.secret) },
  });
  if (res.status !== 201) throw new Error(`recharge: ${res.status}`);
  return res.body.transaction.transaction_id;
}

/** A pending fiat buy of the owner (docs/decisions/0054), placed as the Legal currency screen places it. */
async function ownerFiatOrder(s: Scene): Promise<number> {
  const res = await call(s.t, 'POST', '/api-v1/fiat-orders/', {
    token: s.owner.token,
    body: { side: 'buy', currency: 'USDT', amount: '100' },
  });
  if (res.status !== 201) throw new Error(`fiat-orders: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order.id as number;
}

/** An active Pro 15 order of the owner (docs/decisions/0052), subscribed as the Lock-up screen does. */
async function ownerLockupOrder(s: Scene): Promise<number> {
  const res = await call(s.t, 'POST', '/api-v1/lockup-orders/', {
    token: s.owner.token,
    body: { product_id: 1, amount: '200' },
  });
  if (res.status !== 201) throw new Error(`lockup-orders: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order.id as number;
}

/** A user of the scene's own with TOTP on, for the second step of a sign-in (made on first use). */
const twoFactorUsers = new WeakMap<Scene, Promise<{ user: TestUser; secret: string }>>();
function twoFactorUser(s: Scene) {
  let made = twoFactorUsers.get(s);
  if (!made) {
    made = signUp(s.t, { email: uniqueEmail('twofactor') }).then(async (user) => ({
      user,
      secret: (await enableTotp(s.t, user)).secret,
    }));
    twoFactorUsers.set(s, made);
  }
  return made;
}

/** A pending TOTP setup of the actor (2FA off before), and the code that confirms it. */
async function pendingTotpCode(s: Scene, actor: TestUser): Promise<string> {
  await clearTwoFactor(s.t, actor);
  await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
  const setup = await call(s.t, 'POST', '/api-v1/2fa/setup/', {
    token: actor.token,
    body: { password: actor.password, email_code: await securityCode(s.t, actor) },
  });
  if (setup.status !== 200) throw new Error(`2fa/setup: ${setup.status}`);
  return totp(setup.body.secret, s.t.clock.now());
}

const walletList = (wallet: string): [string, RouteSpec] => [
  `GET /api-v1/${wallet}-wallet-list/`,
  { access: 'user', request: get(`/api-v1/${wallet}-wallet-list/`) },
];

export const ROUTE_TABLE: Record<string, RouteSpec> = {
  // --- operations ---
  'GET /healthz': { access: 'public', request: get('/healthz') },
  'GET /readyz': { access: 'public', request: get('/readyz') },
  // Without METRICS_TOKEN (as here) loopback requests may read it; the token's refusals: metrics.test.ts.
  'GET /metrics': { access: 'public', request: get('/metrics') },
  'GET /api/openapi.json': { access: 'public', request: get('/api/openapi.json') },

  // --- auth (docs/product.md 7 "Auth") ---
  'POST /api-v1/signup-email-otp/': {
    access: 'public',
    request: () => ({ url: '/api-v1/signup-email-otp/', body: { email: uniqueEmail('matrix') } }),
  },
  'POST /api-v1/signup/': {
    access: 'public',
    ok: 201,
    request: async (s) => {
      const email = uniqueEmail('matrix');
      await call(s.t, 'POST', '/api-v1/signup-email-otp/', { body: { email } });
      return {
        url: '/api-v1/signup/',
        body: {
          email,
          otp: s.t.mailbox.lastCode(email),
          password: 'matrix password 1',
          first_name: 'Max',
          last_name: 'Matrix',
        },
      };
    },
  },
  'POST /api-v1/login/': {
    access: 'public',
    request: (s) => ({ url: '/api-v1/login/', body: { email: s.subject.email, password: s.subject.password } }),
  },
  'POST /api-v1/forgot-password/': {
    access: 'public',
    request: () => ({ url: '/api-v1/forgot-password/', body: { email: uniqueEmail('nobody') } }),
  },
  'POST /api-v1/reset-password/': {
    access: 'public',
    request: async (s) => ({
      url: '/api-v1/reset-password/',
      body: { email: s.resetter.email, otp: await resetCode(s.t, s.resetter.email), password: s.resetter.password },
    }),
  },
  'POST /api-v1/transcation-password-otp/': {
    access: 'user',
    request: (s) => {
      s.t.clock.advance(60_000);
      return { url: '/api-v1/transcation-password-otp/', body: {} };
    },
  },
  'POST /api-v1/update-password/': {
    access: 'user',
    request: async (s, actor) => ({
      url: '/api-v1/update-password/',
      body: { new_password: actor.password, otp: await securityCode(s.t, actor) },
    }),
    after: async (s, actor, response) => {
      await renewToken(s, actor, response);
      await liftWithdrawalCooldown(s, actor);
    },
  },
  'POST /api-v1/set-transcation-password/': {
    access: 'user',
    request: async (s, actor) => ({
      url: '/api-v1/set-transcation-password/',
      body: { new_password: s.transactionPassword, otp: await securityCode(s.t, actor) },
    }),
    after: liftWithdrawalCooldown,
  },
  // --- two-factor authentication (docs/security.md); each leaves the actor's 2FA off, so withdrawals need no code ---
  'POST /api-v1/login/2fa/': {
    access: 'public',
    request: async (s) => {
      const { user, secret } = await twoFactorUser(s);
      // The ticket the password step would answer, without paying for a password hash per caller.
      const ticket = await issueLoginTicket(s.t.ctx, user.id);
      return { url: '/api-v1/login/2fa/', body: { ticket, code: nextTotp(s.t, secret) } };
    },
  },
  'GET /api-v1/2fa/': { access: 'user', request: get('/api-v1/2fa/') },
  'POST /api-v1/2fa/setup/': {
    access: 'user',
    // With no second factor on, the password and an emailed code (docs/decisions/0045).
    request: async (s, actor) => {
      await clearTwoFactor(s.t, actor);
      await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
      return {
        url: '/api-v1/2fa/setup/',
        body: { password: actor.password, email_code: await securityCode(s.t, actor) },
      };
    },
  },
  'POST /api-v1/2fa/recovery-codes/': {
    access: 'user',
    request: async (s, actor) => {
      await clearTwoFactor(s.t, actor);
      await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
      const { secret } = await enableTotp(s.t, actor);
      return { url: '/api-v1/2fa/recovery-codes/', body: { code: nextTotp(s.t, secret) } };
    },
    after: (s, actor) => clearTwoFactor(s.t, actor),
  },
  'POST /api-v1/2fa/enable/': {
    access: 'user',
    request: async (s, actor) => ({ url: '/api-v1/2fa/enable/', body: { code: await pendingTotpCode(s, actor) } }),
    after: (s, actor) => clearTwoFactor(s.t, actor),
  },
  'POST /api-v1/2fa/disable/': {
    access: 'user',
    // Callers that are refused leave the owner's 2FA on; the owner's own call (after them) turns it off.
    request: async (s, actor) => {
      await clearTwoFactor(s.t, actor);
      await s.t.db.delete(passkeys).where(eq(passkeys.userId, actor.id));
      const { secret } = await enableTotp(s.t, actor);
      return { url: '/api-v1/2fa/disable/', body: { code: nextTotp(s.t, secret) } };
    },
  },
  'POST /api-v1/logout/': { access: 'user', request: () => ({ url: '/api-v1/logout/' }), after: renewToken },
  'GET /api-v1/info/': { access: 'user', request: get('/api-v1/info/') },
  // docs/decisions/0043-languages.md: the profile (/info/'s answer) and its two writable names; each actor renames only itself.
  'GET /api-v1/user/profile/': { access: 'user', request: get('/api-v1/user/profile/') },
  'POST /api-v1/user/update/': {
    access: 'user',
    request: () => ({ url: '/api-v1/user/update/', body: { first_name: 'Matrix', last_name: 'Renamed' } }),
  },

  // --- sessions and devices (docs/security.md) ---
  'GET /api-v1/sessions/': { access: 'user', request: get('/api-v1/sessions/') },
  'DELETE /api-v1/sessions/:session_id/': {
    access: 'user',
    owned: true,
    // Staff cannot end someone else's session either: it is as if it did not exist.
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/sessions/${await ownerSessionId(s)}/` }),
  },
  'POST /api-v1/sessions/revoke-others/': {
    access: 'user',
    request: () => ({ url: '/api-v1/sessions/revoke-others/' }),
  },

  // --- market (public, exchange-compatible) ---
  'GET /api-v1/default-currency/': { access: 'public', request: get('/api-v1/default-currency/') },
  'GET /api/v3/ping': { access: 'public', request: get('/api/v3/ping') },
  'GET /api/v3/time': { access: 'public', request: get('/api/v3/time') },
  'GET /api/v3/exchangeInfo': { access: 'public', request: get('/api/v3/exchangeInfo') },
  'GET /api/v3/ticker/24hr': { access: 'public', request: get('/api/v3/ticker/24hr?symbol=BTCUSDT') },
  'GET /api/v3/ticker/price': { access: 'public', request: get('/api/v3/ticker/price') },
  'GET /api/v3/depth': { access: 'public', request: get('/api/v3/depth?symbol=BTCUSDT&limit=5') },
  'GET /api/v3/klines': { access: 'public', request: get('/api/v3/klines?symbol=BTCUSDT&interval=1m') },

  // --- streams ---
  'GET /ws': { access: 'websocket', request: get('/ws') },
  'GET /ws/*': { access: 'websocket', request: get('/ws/btcusdt@ticker') },
  'GET /stream': { access: 'websocket', request: get('/stream?streams=btcusdt@ticker') },
  'GET /ws-api/v3': { access: 'websocket-api', request: get('/ws-api/v3') },

  // --- wallets and money (docs/product.md 7 "Assets", "Transaction") ---
  ...Object.fromEntries(['funding', 'lever', 'legal', 'second'].map(walletList)),
  // See docs/decisions/0028-deposit-networks.md: where to deposit, signed-in users only (docs/decisions/0028).
  'GET /api-v1/deposit-addresses/': { access: 'user', request: get('/api-v1/deposit-addresses/?currency=USDT') },
  // Custody (docs/decisions/0057): the signed-in user's own chain deposits ([] without a node).
  'GET /api-v1/chain-deposits/': { access: 'user', request: get('/api-v1/chain-deposits/') },
  // Custody's reconciliation (docs/decisions/0065): staff only (enabled: false without a node).
  'GET /api-v3/admin/custody/': { access: 'admin', request: get('/api-v3/admin/custody/') },
  'POST /api-v1/recharge/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => {
      await roomForDeposit(s, actor);
      return {
        url: '/api-v1/recharge/',
        body: {
          amount: '50',
          payment_address: actor === s.owner ? secretAddress(s.secret) : tronAddress(434343),
          // The deposit networks' optional fields (docs/decisions/0028-deposit-networks.md), a fresh hash each time (a hash pays one deposit).
          network: 'TRC20',
          tx_hash: randomBytes(32).toString('hex'),
        },
      };
    },
  },
  'POST /api-v1/withdraw/': {
    access: 'user',
    ok: 201,
    request: (s) => ({
      url: '/api-v1/withdraw/',
      body: {
        address: tronAddress(424242),
        amount: '50',
        currency: 'USDT',
        transaction_password: s.transactionPassword,
      },
    }),
  },
  'POST /api-v1/transfer-to-wallet/': {
    access: 'user',
    ok: 201,
    request: () => ({
      url: '/api-v1/transfer-to-wallet/',
      body: { transfer_from: 'funding', transfer_to: 'lever', currency: 'USDT', amount: '1' },
    }),
  },
  // See docs/decisions/0029-withdrawal-networks.md: the owner takes back their pending withdrawal; anyone else's is 404, staff's too (they Reject).
  'POST /api-v1/withdraw/cancel/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({
      url: '/api-v1/withdraw/cancel/',
      body: { transaction_id: await ownerPendingWithdrawal(s) },
    }),
  },
  'GET /api-v1/transcations-history/': { access: 'user', request: get('/api-v1/transcations-history/') },
  // docs/decisions/0062-money-screens.md: one's own transaction (the withdrawal status screen); anyone else's is 404, staff's too.
  'GET /api-v1/transactions/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/transactions/${await ownerPendingWithdrawal(s)}/` }),
  },

  // --- withdrawal protection (docs/security.md "## Withdrawal protection and anti-phishing") ---
  'GET /api-v1/withdrawal-addresses/': { access: 'user', request: get('/api-v1/withdrawal-addresses/') },
  'POST /api-v1/withdrawal-addresses/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => ({
      url: '/api-v1/withdrawal-addresses/',
      body: {
        address: tronAddress(++savedAddresses),
        currency: 'USDT',
        label: 'matrix',
        code: await securityCode(s.t, actor),
      },
    }),
  },
  'DELETE /api-v1/withdrawal-addresses/:id/': {
    access: 'user',
    owned: true,
    // Staff have no way into a user's address book either.
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/withdrawal-addresses/${await ownerAddress(s)}/` }),
  },
  'PUT /api-v1/withdrawal-whitelist/': {
    access: 'user',
    request: () => ({ url: '/api-v1/withdrawal-whitelist/', body: { enabled: true } }),
    after: resetProtection,
  },
  'PUT /api-v1/anti-phishing-code/': {
    access: 'user',
    request: () => ({ url: '/api-v1/anti-phishing-code/', body: { code: 'Matrix7' } }),
    after: resetProtection,
  },
  'GET /api-v1/security/status/': { access: 'user', request: get('/api-v1/security/status/') },

  // --- staff: transactions (docs/product.md 7 "Admin") ---
  'GET /api-v3/admin/pending-transactions/': { access: 'admin', request: get('/api-v3/admin/pending-transactions/') },
  'POST /api-v3/admin/transactions-verification/': {
    access: 'admin',
    request: async (s) => ({
      url: `/api-v3/admin/transactions-verification/?transaction_id=${await ownerPendingDeposit(s)}`,
      body: { action: 'cancel' },
    }),
  },

  // --- fiat orders (docs/decisions/0054-fiat-orders.md): each caller's own; staff act on the owner's ---
  'POST /api-v1/fiat-orders/': {
    access: 'user',
    ok: 201,
    request: () => ({ url: '/api-v1/fiat-orders/', body: { side: 'buy', currency: 'USDT', amount: '100' } }),
  },
  'GET /api-v1/fiat-orders/': { access: 'user', request: get('/api-v1/fiat-orders/') },
  'GET /api-v3/admin/fiat-orders/': { access: 'admin', request: get('/api-v3/admin/fiat-orders/') },
  'POST /api-v3/admin/fiat-orders/:id/': {
    access: 'admin',
    request: async (s) => ({
      url: `/api-v3/admin/fiat-orders/${await ownerFiatOrder(s)}/`,
      body: { action: 'instructions', instructions: `Bank of ${s.secret}` },
    }),
  },

  // --- earn (docs/decisions/0052-earn.md): each caller's own orders; staff see totals and set products ---
  'GET /api-v1/lockup-products/': { access: 'user', request: get('/api-v1/lockup-products/') },
  'GET /api-v1/lockup-orders/': { access: 'user', request: get('/api-v1/lockup-orders/') },
  'POST /api-v1/lockup-orders/': {
    access: 'user',
    ok: 201,
    request: () => ({ url: '/api-v1/lockup-orders/', body: { product_id: 1, amount: '200' } }),
  },
  'POST /api-v1/lockup-orders/:id/redeem/': {
    access: 'user',
    owned: true,
    // Staff cannot redeem someone else's order either: it is as if it did not exist.
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/lockup-orders/${await ownerLockupOrder(s)}/redeem/`, body: {} }),
  },
  'GET /api-v3/admin/earn/': { access: 'admin', request: get('/api-v3/admin/earn/') },
  'PUT /api-v3/admin/earn/products/:id/': {
    access: 'admin',
    request: () => ({ url: '/api-v3/admin/earn/products/1/', body: { open: true } }),
  },

  // --- files ---
  'GET /files/:name': { access: 'signed-file', request: async (s) => ({ url: await ownerImageUrl(s) }) },

  // --- identity (docs/product.md 7 "Identity") ---
  'POST /api-v1/documents-verification/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => {
      await clearPendingIdentity(s, actor);
      return {
        url: '/api-v1/documents-verification/',
        form: identityForm(actor, actor === s.owner ? `Olive ${s.secret}` : undefined),
      };
    },
  },
  'GET /api-v1/documents-verification/': { access: 'user', request: get('/api-v1/documents-verification/') },
  // docs/decisions/0043-languages.md: the caller's own latest submission (every actor of the scene has one under review).
  'GET /api-v2/identity/basic-info/': { access: 'user', request: get('/api-v2/identity/basic-info/') },
  'GET /api-v3/admin/unverified-users-records/': {
    access: 'admin',
    request: get('/api-v3/admin/unverified-users-records/'),
  },
  'GET /api-v3/admin/user-verifications/:user_id/': {
    access: 'admin',
    request: (s) => ({ url: `/api-v3/admin/user-verifications/${s.owner.id}/` }),
  },
  'PATCH /api-v3/admin/verify-user/:user_id/': {
    access: 'admin',
    request: async (s) => {
      await ensurePendingIdentity(s, s.subject);
      return {
        url: `/api-v3/admin/verify-user/${s.subject.id}/`,
        body: { status: 'unverified', reason: 'Blurry photo' },
      };
    },
  },

  // --- trades (docs/product.md 7 "Trade"): each caller trades with its own lever wallet ---
  'POST /api-v1/trade-creation/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => {
      await grant(s.t, actor, 'lever', 'USDT', '100');
      return { url: '/api-v1/trade-creation/', body: await smallLong(s) };
    },
  },
  'POST /api-v1/trade-updation/': {
    access: 'user',
    owned: true,
    // The route acts only on the caller's own trades: staff get the same 404 as anyone else.
    expect: { admin: 404 },
    request: async (s) => ({
      url: '/api-v1/trade-updation/',
      body: { trade_id: await ownerOpenTrade(s), current_price: await btcMark(s), is_closed: false },
    }),
  },
  // A trader's tools on a position (docs/decisions/0025-trade-protection.md): the owner's trades only.
  'POST /api-v1/trade-tpsl/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => {
      const mark = await btcMark(s);
      return {
        url: '/api-v1/trade-tpsl/',
        body: {
          trade_id: await ownerStandingTrade(s),
          take_profit: String(Math.round(Number(mark) * 1.5)),
          stop_loss: null,
        },
      };
    },
  },
  'POST /api-v1/trade-margin/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({
      url: '/api-v1/trade-margin/',
      body: { trade_id: await ownerStandingTrade(s), amount: '1' },
    }),
  },
  'GET /api-v1/get-active-trades/': { access: 'user', request: get('/api-v1/get-active-trades/') },
  'GET /api-v1/trade-history/': { access: 'user', request: get('/api-v1/trade-history/') },
  'GET /api-v1/trade-rules/': { access: 'public', request: get('/api-v1/trade-rules/') },

  // --- spot orders (docs/decisions/0025-trade-protection.md): each caller trades with its own funding wallet ---
  'POST /api-v1/spot-orders/': {
    access: 'user',
    ok: 201,
    request: async (_s, actor) => {
      await grant(_s.t, actor, 'funding', 'USDT', '200');
      return {
        url: '/api-v1/spot-orders/',
        body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.001' },
      };
    },
  },
  'GET /api-v1/spot-orders/': { access: 'user', request: get('/api-v1/spot-orders/?status=open') },
  'DELETE /api-v1/spot-orders/:id/': {
    access: 'user',
    owned: true,
    // The route acts only on the caller's own orders: staff get the same 404 as anyone else.
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/spot-orders/${await ownerRestingSpotOrder(s)}/` }),
  },
  'GET /api-v1/spot-rules/': { access: 'public', request: get('/api-v1/spot-rules/') },

  // --- convert (docs/decisions/0053-convert.md): a quote is its asker's alone ---
  'POST /api-v1/convert/quote/': {
    access: 'user',
    request: async (_s, actor) => {
      await grant(_s.t, actor, 'funding', 'USDT', '20');
      return { url: '/api-v1/convert/quote/', body: { from: 'USDT', to: 'BTC', amount: '10' } };
    },
  },
  'POST /api-v1/convert/': {
    access: 'user',
    owned: true,
    // Only the quote's asker executes it: staff get the same 404 as anyone else.
    expect: { admin: 404 },
    request: async (s) => ({ url: '/api-v1/convert/', body: { quote_id: await ownerConvertQuote(s) } }),
  },

  // --- API keys (docs/security.md "API keys") ---
  'GET /api-v1/api-keys/': { access: 'user', request: get('/api-v1/api-keys/') },
  'POST /api-v1/api-keys/': {
    access: 'user',
    ok: 201,
    request: async (s, actor) => {
      await roomForApiKey(s, actor);
      return {
        url: '/api-v1/api-keys/',
        body: { label: 'matrix', permissions: ['read', 'spot'], code: await securityCode(s.t, actor) },
      };
    },
  },
  'PATCH /api-v1/api-keys/:id/': {
    access: 'user',
    owned: true,
    // Staff have no way into a user's keys either.
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/api-keys/${await ownerApiKey(s)}/`, body: { enabled: false } }),
  },
  'DELETE /api-v1/api-keys/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/api-keys/${await ownerApiKey(s)}/` }),
  },

  // --- the exchange-compatible private API: each caller signs with a key of its own ---
  'GET /api/v3/account': { access: 'signed-key', request: (s, actor) => signedRequest(s, actor, '/api/v3/account') },
  'POST /api/v3/order': {
    access: 'signed-key',
    request: async (s, actor) => {
      await grant(s.t, actor, 'funding', 'USDT', '200');
      return signedRequest(s, actor, '/api/v3/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'MARKET',
        quantity: '0.001',
      });
    },
  },
  'POST /api/v3/order/test': {
    access: 'signed-key',
    request: (s, actor) =>
      signedRequest(s, actor, '/api/v3/order/test', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'MARKET',
        quantity: '0.001',
      }),
  },
  'GET /api/v3/order': {
    access: 'signed-key',
    request: async (s, actor) =>
      signedRequest(s, actor, '/api/v3/order', { symbol: 'BTCUSDT', orderId: String(await anyOrderOf(s, actor)) }),
  },
  'DELETE /api/v3/order': {
    access: 'signed-key',
    request: async (s, actor) =>
      signedRequest(s, actor, '/api/v3/order', {
        symbol: 'BTCUSDT',
        orderId: String(await restingSpotOrderOf(s, actor)),
      }),
  },
  'GET /api/v3/openOrders': {
    access: 'signed-key',
    request: (s, actor) => signedRequest(s, actor, '/api/v3/openOrders', { symbol: 'BTCUSDT' }),
  },
  'DELETE /api/v3/openOrders': {
    access: 'signed-key',
    request: async (s, actor) => {
      await restingSpotOrderOf(s, actor);
      return signedRequest(s, actor, '/api/v3/openOrders', { symbol: 'BTCUSDT' });
    },
  },
  'GET /api/v3/allOrders': {
    access: 'signed-key',
    request: (s, actor) => signedRequest(s, actor, '/api/v3/allOrders', { symbol: 'BTCUSDT' }),
  },
  'GET /api/v3/myTrades': {
    access: 'signed-key',
    request: (s, actor) => signedRequest(s, actor, '/api/v3/myTrades', { symbol: 'BTCUSDT' }),
  },
  'POST /api/v3/userDataStream': {
    access: 'signed-key',
    request: (s, actor) => keyRequest(s, actor, '/api/v3/userDataStream'),
  },
  'PUT /api/v3/userDataStream': {
    access: 'signed-key',
    request: async (s, actor) =>
      keyRequest(s, actor, `/api/v3/userDataStream?listenKey=${await listenKeyOf(s, actor)}`),
  },
  'DELETE /api/v3/userDataStream': {
    access: 'signed-key',
    request: async (s, actor) =>
      keyRequest(s, actor, `/api/v3/userDataStream?listenKey=${await listenKeyOf(s, actor)}`),
  },

  // --- staff console (users, audit log, settings) ---
  'GET /api-v3/admin/users/': { access: 'admin', request: get('/api-v3/admin/users/') },
  'GET /api-v3/admin/users/:user_id/': {
    access: 'admin',
    request: (s) => ({ url: `/api-v3/admin/users/${s.owner.id}/` }),
  },
  'GET /api-v3/admin/audit-log/': { access: 'admin', request: get('/api-v3/admin/audit-log/') },
  'GET /api-v3/admin/settings/': { access: 'admin', request: get('/api-v3/admin/settings/') },
  'GET /api-v3/admin/books/': { access: 'admin', request: get('/api-v3/admin/books/') },
  'PUT /api-v3/admin/settings/': {
    access: 'admin',
    request: () => ({ url: '/api-v3/admin/settings/', body: { usdo_price: { price: '1' } } }),
  },
  // Proof of reserves (docs/proof-of-reserves.md): the totals public, a user's own leaf (staff have none), staff publish.
  'GET /api-v1/proof-of-reserves/': {
    access: 'public',
    request: async (s) => (await ensureSnapshot(s), get('/api-v1/proof-of-reserves/')()),
  },
  'GET /api-v1/proof-of-reserves/mine/': {
    access: 'user',
    request: async (s) => (await ensureSnapshot(s), get('/api-v1/proof-of-reserves/mine/')()),
    expect: { admin: 404 },
  },
  'POST /api-v3/admin/proof-of-reserves/': {
    access: 'admin',
    request: () => ({ url: '/api-v3/admin/proof-of-reserves/', body: {} }),
  },
  'GET /api-v3/admin/proof-of-reserves/reserve-addresses/': {
    access: 'admin',
    request: get('/api-v3/admin/proof-of-reserves/reserve-addresses/'),
  },
  'PUT /api-v3/admin/proof-of-reserves/reserve-addresses/': {
    access: 'admin',
    request: () => ({ url: '/api-v3/admin/proof-of-reserves/reserve-addresses/', body: { addresses: [] } }),
  },
  // Bonuses (docs/decisions/0030): the schedule is public, its switch and tiers staff's.
  'GET /api-v1/bonus-tiers/': { access: 'public', request: get('/api-v1/bonus-tiers/') },
  // The user's locked bonus and what they may withdraw (docs/decisions/0047).
  'GET /api-v1/bonus-lock/': { access: 'user', request: get('/api-v1/bonus-lock/') },
  'GET /api-v3/admin/settings/bonuses/': { access: 'admin', request: get('/api-v3/admin/settings/bonuses/') },
  'PUT /api-v3/admin/settings/bonuses/': {
    access: 'admin',
    // Saved as test apps have it (off, SPEC's tiers), so deposits later in the walk credit what they say.
    request: () => ({ url: '/api-v3/admin/settings/bonuses/', body: { enabled: false, ...SPEC_BONUS_TIERS } }),
  },
  'PUT /api-v3/admin/settings/faq/:id/': {
    access: 'admin',
    request: async (s) => {
      // Saved unchanged, so the bot keeps answering as before.
      const [entry] = await s.t.db.select().from(faqEntries).orderBy(faqEntries.id).limit(1);
      if (!entry) throw new Error('no FAQ entry');
      return {
        url: `/api-v3/admin/settings/faq/${entry.id}/`,
        body: { question: entry.question, answer: entry.answer, keywords: entry.keywords },
      };
    },
  },

  // --- support (docs/product.md 7 "Chat and support") ---
  'POST /api-v2/question-answer/': {
    access: 'user',
    request: () => ({ url: '/api-v2/question-answer/', body: { question: 'Where is my balance?' } }),
  },
  'POST /api-v2/chats/': { access: 'user', request: () => ({ url: '/api-v2/chats/' }) },
  'GET /api-v2/chats/:session_id/': {
    access: 'user',
    owned: true,
    request: (s) => ({ url: `/api-v2/chats/${s.ownerSession}/` }),
  },
  'GET /api-v2/messages/': {
    access: 'user',
    owned: true,
    request: (s) => ({ url: `/api-v2/messages/?session_id=${s.ownerSession}` }),
  },
  'POST /api-v2/messages/': {
    access: 'user',
    owned: true,
    ok: 201,
    request: (s) => ({ url: '/api-v2/messages/', body: { session_id: s.ownerSession, text: 'matrix says hi' } }),
  },
  'GET /api-v2/support/latest-messages/': { access: 'admin', request: get('/api-v2/support/latest-messages/') },
  // A user's conversation with the FAQ bot, for the desk (docs/decisions/0064-staff-desk-and-language-fit.md).
  'GET /api-v2/support/bot-conversation/': {
    access: 'admin',
    request: (s) => ({ url: `/api-v2/support/bot-conversation/?user_id=${s.subject.id}` }),
  },
  'POST /api-v2/close-chat/': {
    access: 'admin',
    request: async (s) => {
      const chat = await call(s.t, 'POST', '/api-v2/chats/', { token: s.subject.token });
      return { url: '/api-v2/close-chat/', body: { session_id: chat.body.session_id } };
    },
  },

  // --- notifications (docs/decisions/0043-languages.md): each caller lists and marks only its own ---
  'GET /api-v1/notifications/': { access: 'user', request: get('/api-v1/notifications/?limit=5') },
  'POST /api-v1/notifications/read/': {
    access: 'user',
    request: () => ({ url: '/api-v1/notifications/read/', body: { all: true } }),
  },
  // The language of the caller's own mails (docs/decisions/0044): each actor sets only its own.
  'POST /api-v1/user/language/': {
    access: 'user',
    request: () => ({ url: '/api-v1/user/language/', body: { language: 'en' } }),
  },

  // --- price alerts and statements (docs/decisions/0055-alerts-statements.md): each caller's own ---
  'GET /api-v1/price-alerts/': { access: 'user', request: get('/api-v1/price-alerts/') },
  'POST /api-v1/price-alerts/': {
    access: 'user',
    ok: 201,
    request: () => ({
      url: '/api-v1/price-alerts/',
      body: { symbol: 'BTCUSDT', condition: 'above', value: '999999999' },
    }),
  },
  'PATCH /api-v1/price-alerts/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({
      url: `/api-v1/price-alerts/${await ownerPriceAlert(s)}/`,
      body: { condition: 'move', value: '5' },
    }),
  },
  'DELETE /api-v1/price-alerts/:id/': {
    access: 'user',
    owned: true,
    expect: { admin: 404 },
    request: async (s) => ({ url: `/api-v1/price-alerts/${await ownerPriceAlert(s)}/` }),
  },
  'GET /api-v1/statements/': {
    access: 'user',
    request: () => {
      const day = new Date().toISOString().slice(0, 10);
      return { url: `/api-v1/statements/?kind=transactions&from=${day}&to=${day}` };
    },
  },

  // --- favourites (docs/decisions/0060): each caller reads and changes only its own list ---
  'GET /api-v1/favourites/': { access: 'user', request: get('/api-v1/favourites/') },
  'PUT /api-v1/favourites/:symbol/': { access: 'user', request: get('/api-v1/favourites/BTCUSDT/') },
  'DELETE /api-v1/favourites/:symbol/': { access: 'user', request: get('/api-v1/favourites/ETHUSDT/') },

  // --- demo accounts (docs/decisions/0063-demo-accounts.md) ---
  'POST /api-v1/demo/': { access: 'public', ok: 201, request: () => ({ url: '/api-v1/demo/' }) },
  // Each real actor opens (then reuses) its own demo twin; the answer is the twin's session, never the caller's.
  'POST /api-v1/demo/twin/': { access: 'user', request: () => ({ url: '/api-v1/demo/twin/' }) },
  // Only a demo account resets; every actor here is a real one, and is told so (tests/api/demo.test.ts resets).
  'POST /api-v1/demo/reset/': { access: 'user', ok: 400, request: () => ({ url: '/api-v1/demo/reset/' }) },

  // --- passkeys (passkey-routes.ts) ---
  ...PASSKEY_ROUTES,
};
