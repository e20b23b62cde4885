/**
 * The abuse limits (docs/decisions/0020-abuse-limits.md), each at its edge: the minimum
 * order value, the cap on open trades and resting orders (also under a burst of parallel orders),
 * the per-user rate limit on trade creation, paging of the trade lists, the cap on pending deposits
 * and the bounded pages of the staff queues.
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactions, users } from '../../src/server/db/schema.js';
import { chatMessages, chatSessions } from '../../src/server/modules/chat/schema.js';
import { verifications } from '../../src/server/modules/identity/schema.js';
import { trades } from '../../src/server/modules/trades/schema.js';
import { STAFF_PAGE_SIZE } from '../../src/shared/api/common.js';
import type { UnverifiedUser } from '../../src/shared/api/identity.js';
import type { ChatMessage, LatestMessagesResponse } from '../../src/shared/api/support.js';
import { TRADE_MSG, type ActiveTrades } from '../../src/shared/api/trade.js';
import { WALLET_MSG, type PendingTransaction } from '../../src/shared/api/wallet.js';
import { MAX_OPEN_TRADES, MAX_PENDING_DEPOSITS, MIN_ORDER_NOTIONAL } from '../../src/shared/constants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createFakeMarket, type FakeMarket } from '../helpers/fake-market.js';
import { balanceOf, expectLedgerBalanced, staff } from '../helpers/money.js';
import { closeTrade, leverTrader, openTrade, openedTradeId, tradeHistoryOf } from '../helpers/trades.js';
import { call, signUp, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
let market: FakeMarket;
let admin: TestUser;
beforeAll(async () => {
  market = createFakeMarket();
  market.set('BTC', '50000'); // also for the describe blocks' beforeAll, which run before any beforeEach
  t = await createTestApp({ market });
  admin = await staff(t);
});
afterAll(() => t.close());
beforeEach(() => {
  market.set('BTC', '50000');
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});

const liveCount = async (user: TestUser) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(trades)
    .where(and(eq(trades.userId, user.id), inArray(trades.status, ['open', 'pending'])));
  return row!.n;
};
const tradeCount = async (user: TestUser) => {
  const [row] = await t.db.select({ n: count() }).from(trades).where(eq(trades.userId, user.id));
  return row!.n;
};
/** A market order of 0.001 BTC (50 USDT of notional, 0.5 USDT of margin at 100X). */
const smallOrder = { hands: '0.001', starting_price: '50000' };

describe(`minimum order value: ${MIN_ORDER_NOTIONAL} USDT of hands x price`, () => {
  it('a market order of exactly 5 USDT at the mark opens; one of 4.9995 USDT is refused and nothing changes', async () => {
    const user = await leverTrader(t, '10');
    const exact = await openTrade(t, user, { hands: '0.0001', starting_price: '50000' });
    expect(exact.status).toBe(201);
    expect(exact.body.trade).toMatchObject({ hands: '0.0001', starting_price: '50000', status: 'open' });
    const balance = await balanceOf(t, user, 'lever', 'USDT');

    const below = await openTrade(t, user, { hands: '0.00009999', starting_price: '50000' });
    const message = TRADE_MSG.belowMinNotional('4.9995');
    expect(below).toMatchObject({ status: 400, body: { error: message, fields: { hands: message } } });
    expect(message).toContain('5 USDT');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe(balance);
    expect(await tradeCount(user)).toBe(1);
  });

  it('a limit order is valued at its limit, not at the mark', async () => {
    const user = await leverTrader(t, '10');
    // 0.0001 x 50000 = 5 at the limit (the mark, 60000, would say 6).
    market.set('BTC', '60000');
    const exact = await openTrade(t, user, {
      hands: '0.0001',
      starting_price: '60000',
      order_type: 'limit',
      limit_price: '50000',
    });
    expect(exact.status).toBe(201);
    expect(exact.body.trade).toMatchObject({ status: 'pending', limit_price: '50000' });
    // 0.0001 x 49999 = 4.9999 at the limit, although 6 at the mark.
    const below = await openTrade(t, user, {
      hands: '0.0001',
      starting_price: '60000',
      order_type: 'limit',
      limit_price: '49999',
    });
    expect(below).toMatchObject({ status: 400, body: { error: TRADE_MSG.belowMinNotional('4.9999') } });
    expect(await tradeCount(user)).toBe(1);
  });
});

describe(`at most ${MAX_OPEN_TRADES} open positions and resting orders per user`, () => {
  it('the 50th (a resting order) is accepted, the 51st is refused with nothing changed, and closing one makes room', async () => {
    const user = await leverTrader(t, '1000');
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push(await openedTradeId(t, user, smallOrder));
    // Resting limit orders count as well.
    const limitOrder = { ...smallOrder, order_type: 'limit', limit_price: '40000' };
    for (let i = 0; i < 4; i++) await openedTradeId(t, user, limitOrder);
    expect(await liveCount(user)).toBe(49);

    const fiftieth = await openTrade(t, user, limitOrder);
    expect(fiftieth.status).toBe(201);
    expect(await liveCount(user)).toBe(MAX_OPEN_TRADES);
    const balance = await balanceOf(t, user, 'lever', 'USDT');

    const fiftyFirst = await openTrade(t, user, smallOrder);
    expect(fiftyFirst).toMatchObject({ status: 409, body: { error: TRADE_MSG.tooManyOpenTrades } });
    expect(TRADE_MSG.tooManyOpenTrades).toContain('at most 50');
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe(balance);
    expect(await tradeCount(user)).toBe(MAX_OPEN_TRADES);

    // Closed trades do not count.
    expect((await closeTrade(t, user, ids[0]!, '50000')).status).toBe(200);
    expect((await openTrade(t, user, smallOrder)).status).toBe(201);
    expect(await liveCount(user)).toBe(MAX_OPEN_TRADES);
  });

  it('60 parallel orders at 45 open leave exactly 50: the count is taken under the lever account lock', async () => {
    const user = await leverTrader(t, '1000');
    for (let i = 0; i < 45; i++) await openedTradeId(t, user, smallOrder);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => openTrade(t, user, smallOrder, { 'idempotency-key': `burst-${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(55);
    expect(await liveCount(user)).toBe(MAX_OPEN_TRADES);
    expect(await tradeCount(user)).toBe(MAX_OPEN_TRADES);
    // 50 margins of 0.5 USDT left the wallet, no more.
    expect(await balanceOf(t, user, 'lever', 'USDT')).toBe('975');
  });
});

describe('paging of the trade lists', () => {
  let user: TestUser;
  let ids: number[];
  beforeAll(async () => {
    user = await leverTrader(t, '100');
    ids = [];
    for (let i = 0; i < 5; i++) ids.push(await openedTradeId(t, user, smallOrder));
    ids.reverse(); // newest first, as the lists answer
  });
  const active = (query = '') =>
    call<ActiveTrades>(t, 'GET', `/api-v1/get-active-trades/${query}`, { token: user.token });

  it('get-active-trades answers everything without paging parameters', async () => {
    const all = await active();
    expect(all.status).toBe(200);
    expect(all.body.map((trade) => trade.trade_id)).toEqual(ids);
  });

  it('get-active-trades pages with limit and before, newest first', async () => {
    const first = await active('?limit=2');
    expect(first.body.map((trade) => trade.trade_id)).toEqual(ids.slice(0, 2));
    const second = await active(`?limit=2&before=${first.body.at(-1)!.trade_id}`);
    expect(second.body.map((trade) => trade.trade_id)).toEqual(ids.slice(2, 4));
    const last = await active(`?limit=2&before=${second.body.at(-1)!.trade_id}`);
    expect(last.body.map((trade) => trade.trade_id)).toEqual(ids.slice(4));
  });

  it.each(['?limit=0', '?limit=201', '?limit=abc', '?before=x'])('get-active-trades refuses %s', async (query) => {
    expect((await active(query)).status).toBe(400);
  });

  it('trade-history pages with limit and before', async () => {
    for (const id of ids) expect((await closeTrade(t, user, id, '50000')).status).toBe(200);
    const first = await tradeHistoryOf(t, user, '?limit=3');
    expect(first.map((item) => item.trade_id)).toEqual(ids.slice(0, 3));
    const next = await tradeHistoryOf(t, user, `?limit=3&before=${first.at(-1)!.trade_id}`);
    expect(next.map((item) => item.trade_id)).toEqual(ids.slice(3));
  });
});

describe(`at most ${MAX_PENDING_DEPOSITS} pending deposit requests per user`, () => {
  const recharge = (user: TestUser, key?: string) =>
    call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '100', payment_address: ADDRESSES.TRC20 },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const depositsOf = async (user: TestUser) =>
    t.db
      .select({ id: transactions.id, status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'deposit')))
      .orderBy(asc(transactions.id));

  it('the 5th is accepted, the 6th refused with nothing created; a decided one makes room', async () => {
    const user = await signUp(t);
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i++) expect((await recharge(user)).status).toBe(201);
    const sixth = await recharge(user);
    expect(sixth).toMatchObject({ status: 409, body: { error: WALLET_MSG.tooManyPendingDeposits } });
    expect(WALLET_MSG.tooManyPendingDeposits).toContain('5 deposit requests');
    const rows = await depositsOf(user);
    expect(rows).toHaveLength(MAX_PENDING_DEPOSITS);

    const cancel = await call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${rows[0]!.id}`, {
      token: admin.token,
      body: { action: 'cancel' },
    });
    expect(cancel.status).toBe(200);
    expect((await recharge(user)).status).toBe(201);
    expect((await recharge(user)).status).toBe(409);
  });

  it('10 parallel requests create exactly 5', async () => {
    const user = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => recharge(user, `deposit-burst-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await depositsOf(user)).toHaveLength(MAX_PENDING_DEPOSITS);
  });
});

/** Users made straight in the database, for queues that hold one item per user. */
async function insertUsers(n: number): Promise<number[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => {
        const tag = `${Date.now()}${i}${randomInt(1e9)}`;
        return {
          uniqueid: `Q${tag}`,
          email: `queue-${tag}@example.com`,
          passwordHash: 'x',
          firstName: 'Queue',
          lastName: `User ${i}`,
          promotionCode: `P${tag}`,
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Follow a queue's pages to the end (a page shorter than `size` is the last). */
async function allPages<T>(fetchPage: (cursor: number | undefined) => Promise<T[]>, cursorOf: (item: T) => number) {
  const pages: T[][] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    pages.push(page);
    if (page.length < STAFF_PAGE_SIZE || pages.length > 20) return pages;
    cursor = cursorOf(page.at(-1)!);
  }
}

describe(`staff queues come in bounded pages (${STAFF_PAGE_SIZE} by default) with a cursor to the next`, () => {
  const get = async <T>(url: string, token = admin.token) => {
    const res = await call<T>(t, 'GET', url, { token });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('pending transactions: oldest first, after = the last transaction_id seen', async () => {
    const [userId] = await insertUsers(1);
    await t.db.insert(transactions).values(
      Array.from({ length: 2 * STAFF_PAGE_SIZE + 7 }, () => ({
        userId: userId!,
        type: 'deposit' as const,
        status: 'pending' as const,
        currency: 'USDT',
        amount: '100',
        address: 'TXqueue',
        transferTo: 'funding',
      })),
    );
    const expected = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.status, 'pending'), ne(transactions.type, 'transfer')))
      .orderBy(asc(transactions.id));
    const pages = await allPages(
      (after) => get<PendingTransaction[]>(`/api-v3/admin/pending-transactions/${after ? `?after=${after}` : ''}`),
      (item) => item.transaction_id,
    );
    expect(pages[0]).toHaveLength(STAFF_PAGE_SIZE);
    expect(pages.flat().map((item) => item.transaction_id)).toEqual(expected.map((r) => r.id));
    expect(await get<PendingTransaction[]>('/api-v3/admin/pending-transactions/?limit=3')).toHaveLength(3);
    expect((await call(t, 'GET', '/api-v3/admin/pending-transactions/?limit=201', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('unverified users: oldest first, after = the last verification_id seen', async () => {
    const ids = await insertUsers(STAFF_PAGE_SIZE + 9);
    await t.db.insert(verifications).values(
      ids.map((userId) => ({
        userId,
        fullName: `Queue ${userId}`,
        idCardNumber: '123',
        idCardFront: 'a.png',
        idCardBack: 'b.png',
        selfie: 'c.png',
      })),
    );
    const expected = await t.db
      .select({ id: verifications.id, userId: verifications.userId })
      .from(verifications)
      .where(eq(verifications.status, 'pending'))
      .orderBy(asc(verifications.id));
    const pages = await allPages(
      (after) => get<UnverifiedUser[]>(`/api-v3/admin/unverified-users-records/${after ? `?after=${after}` : ''}`),
      (item) => item.verification_id!,
    );
    expect(pages[0]).toHaveLength(STAFF_PAGE_SIZE);
    const items = pages.flat();
    expect(items.map((item) => item.verification_id)).toEqual(expected.map((r) => r.id));
    expect(items.map((item) => item.user_id)).toEqual(expected.map((r) => r.userId));
  });

  it('open chats: the most recently active first, before = the last message id of the last chat seen', async () => {
    const ids = await insertUsers(STAFF_PAGE_SIZE + 11);
    const sessions = await t.db
      .insert(chatSessions)
      .values(ids.map((userId) => ({ userId })))
      .returning({ id: chatSessions.id, userId: chatSessions.userId });
    // One message each, then a second one in every third chat, so activity order differs from creation order.
    await t.db
      .insert(chatMessages)
      .values(sessions.map((s) => ({ sessionId: s.id, senderId: s.userId, isStaff: false, text: 'hello' })));
    await t.db
      .insert(chatMessages)
      .values(
        sessions
          .filter((_, i) => i % 3 === 0)
          .map((s) => ({ sessionId: s.id, senderId: s.userId, isStaff: false, text: 'still there?' })),
      );
    const lastIds = await t.db
      .select({ sessionId: chatMessages.sessionId, last: chatMessages.id })
      .from(chatMessages)
      .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
      .where(eq(chatSessions.status, 'open'))
      .orderBy(desc(chatMessages.id));
    const expected = [...new Set(lastIds.map((r) => r.sessionId))];

    const lastMessageOf = (chat: ChatMessage[]) => chat.at(-1)!.id;
    const pages = await allPages(
      async (before) =>
        Object.values(
          await get<LatestMessagesResponse>(`/api-v2/support/latest-messages/${before ? `?before=${before}` : ''}`),
        ),
      lastMessageOf,
    );
    expect(pages[0]).toHaveLength(STAFF_PAGE_SIZE);
    expect(pages.flat().map((chat) => chat[0]!.session)).toEqual(expected);
    // Every chat still carries all its messages, oldest first.
    const chat = pages.flat().find((messages) => messages.length === 2)!;
    expect(chat.map((m) => m.text)).toEqual(['hello', 'still there?']);
  });

  it('the queues stay staff only', async () => {
    const user = await signUp(t);
    for (const url of [
      '/api-v3/admin/pending-transactions/?limit=5',
      '/api-v3/admin/unverified-users-records/?limit=5',
      '/api-v2/support/latest-messages/?limit=5',
    ])
      expect((await call(t, 'GET', url, { token: user.token })).status).toBe(403);
  });
});

describe('per-user rate limit on trade creation', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The production default (TRADE_RATE_LIMIT unset), not the test apps' 1000.
    limited = await createTestApp({ market, env: { TRADE_RATE_LIMIT: undefined } });
  });
  afterAll(() => limited.close());

  it('allows 60 orders a minute per user, answers the 61st with 429 and the error body, and counts users apart', async () => {
    expect(limited.config.tradeRateLimit).toBe(60);
    const user = await signUp(limited);
    const other = await signUp(limited);
    // Refused orders count as well: the limit is on requests, before they reach the database.
    const bad = { trade_type: 'buy', starting_price: '50000', coin: 'BTC', hands: '-1' };
    for (let i = 0; i < 60; i++) {
      const res = await call(limited, 'POST', '/api-v1/trade-creation/', { token: user.token, body: bad });
      expect(res.status).toBe(400);
    }
    const over = await call(limited, 'POST', '/api-v1/trade-creation/', { token: user.token, body: bad });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'server.tooManyRequests',
    });
    const otherOrder = await call(limited, 'POST', '/api-v1/trade-creation/', { token: other.token, body: bad });
    expect(otherOrder.status).toBe(400);
  });
});
